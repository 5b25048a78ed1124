package fakeweb

import (
	"fmt"
	"net/http"
)

// latin1File is the windows-1252 page, kept in UTF-8 on disk so it can be
// edited like the others and encoded when served.
const latin1File = "latin1.html"

// latin1Type is what servers of old European sites still send.
const latin1Type = "text/html; charset=windows-1252"

// serveLatin1 serves the page in windows-1252 bytes.
func (w *Web) serveLatin1(rw http.ResponseWriter, r *http.Request) {
	body, err := w.readPage(r, latin1File)
	if err == nil {
		body, err = encodeWindows1252(string(body))
	}
	if err != nil {
		http.Error(rw, "fakeweb: "+err.Error(), http.StatusInternalServerError)
		return
	}
	rw.Header().Set("Content-Type", latin1Type)
	rw.Write(body)
}

// encodeWindows1252 encodes s in windows-1252, failing on a character the
// code page lacks so a page edit cannot silently lose text.
func encodeWindows1252(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i, r := range s {
		switch b, ok := cp1252Extras[r]; {
		case r < 0x80, r >= 0xA0 && r <= 0xFF:
			out = append(out, byte(r))
		case ok:
			out = append(out, b)
		default:
			return nil, fmt.Errorf("%q at byte %d has no windows-1252 code", r, i)
		}
	}
	return out, nil
}

// cp1252Extras are the printable characters windows-1252 puts in 0x80-0x9F,
// where ISO 8859-1 has control codes; everything else below 0x100 is the
// same code point.
var cp1252Extras = map[rune]byte{
	'€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87,
	'ˆ': 0x88, '‰': 0x89, 'Š': 0x8A, '‹': 0x8B, 'Œ': 0x8C, 'Ž': 0x8E,
	'‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
	'˜': 0x98, '™': 0x99, 'š': 0x9A, '›': 0x9B, 'œ': 0x9C, 'ž': 0x9E, 'Ÿ': 0x9F,
}
