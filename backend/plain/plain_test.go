package plain

import (
	"strings"
	"testing"
	"time"
)

func TestText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain text stays", "Kilimanjaro rises 5,895 m.\n\tIndented line", "Kilimanjaro rises 5,895 m.\n\tIndented line"},
		{"CSI colour", "\x1b[31mred\x1b[0m text", "red text"},
		{"CSI cursor and erase", "safe\x1b[2K\x1b[1A\x1b[?25lgone", "safegone"},
		{"OSC title ended by BEL", "a\x1b]0;pwned\x07b", "ab"},
		{"OSC 52 clipboard write ended by ST", "a\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x1b\\b", "ab"},
		{"OSC 8 hyperlink keeps its visible text", "\x1b]8;;http://evil.test/\x1b\\click\x1b]8;;\x1b\\ here", "click here"},
		{"OSC without an end keeps the rest as text", "a\x1b]52;c;abc", "a52;c;abc"},
		{"DCS and APC strings", "a\x1bPq#0;2;0\x1b\\b\x1b_hidden\x1b\\c", "abc"},
		{"short escapes", "\x1bcreset \x1b(Bcharset \x1b7save", "reset charset save"},
		{"ESC at the end", "end\x1b", "end"},
		{"8-bit CSI and OSC", "a\u009b31mb\u009d0;t\u009cc", "abc"},
		{"C0 controls", "a\x00b\x07c\x08d\x7fe", "abcde"},
		{"C1 controls", "a\u0080b\u0094c", "abc"},
		{"carriage returns", "dos\r\nline\rover", "dos\nline\nover"},
		{"form feed and separators are breaks", "page 1\fpage 2\u2028next\u2029para", "page 1\npage 2\nnext\npara"},
		{"invalid UTF-8, a raw 0x9B", "a\x9b31mb", "a\ufffd31mb"},
		{"bidi override (Trojan Source)", "evil\u202etxt.exe", "eviltxt.exe"},
		{"bidi embeddings and isolates", "\u202aa\u202bb\u202cc\u202dd\u2066e\u2067f\u2068g\u2069", "abcdefg"},
		{"LRM, RLM and ALM", "a\u200eb\u200fc\u061cd", "abcd"},
		{"zero-width space and word joiner", "pay\u200bpal\u2060.com", "paypal.com"},
		{"byte order mark and soft hyphen", "\ufeffKili\u00admanjaro", "Kilimanjaro"},
		{"invisible operators", "a\u2062b\u2064c", "abc"},
		{"joiners beside ASCII go", "pay\u200dpal and pay\u200cpal", "paypal and paypal"},
		{"ZWNJ in Persian stays", "می\u200cخواهم", "می\u200cخواهم"},
		{"ZWJ in Devanagari stays", "क्\u200dष", "क्\u200dष"},
		{"ZWJ emoji sequence stays", "👩\u200d💻 and 👨\u200d👩\u200d👧", "👩\u200d💻 and 👨\u200d👩\u200d👧"},
		{"ZWJ after a skin tone and a selector stays", "👩🏽\u200d💻 ❤\ufe0f\u200d🔥", "👩🏽\u200d💻 ❤\ufe0f\u200d🔥"},
		{"ZWJ at the ends goes", "\u200d👩\u200d", "👩"},
		{"keycap and emoji presentation stay", "1\ufe0f\u20e3 ©\ufe0f", "1\ufe0f\u20e3 ©\ufe0f"},
		{"a run of selectors is cut to one", "a\ufe0f\ufe0e\U000E0100\U000E0101b", "a\ufe0fb"},
		{"a selector with nothing before goes", "\ufe0fa \ufe0fb", "a b"},
		{"flag of England stays", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"},
		{"tag characters smuggling a message go", "hi\U000E0001\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065", "hi"},
		{"a flag with a broken tag run keeps the flag only", "🏴\U000E0067\U000E0062x", "🏴x"},
		{"Arabic number sign stays", "\u0600١٢٣", "\u0600١٢٣"},
		{"CJK and accents stay", "東京 café naïve", "東京 café naïve"},
	}
	for _, tc := range tests {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("%s: Text(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestLine(t *testing.T) {
	if got, want := Line("a\nb\tc\r\nd\x1b[2Ke"), "a b c de"; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
}

// Clean text comes back as it is, without a copy.
func TestTextKeepsCleanText(t *testing.T) {
	s := strings.Repeat("Plain words, 東京, 5,895 m.\n", 100)
	if got := Text(s); got != s {
		t.Fatal("clean text was changed")
	}
	if n := testing.AllocsPerRun(10, func() { Text(s) }); n != 0 {
		t.Errorf("%v allocations for clean text", n)
	}
}

// Nothing Text returns holds a control a terminal acts on, whatever bytes
// it is given.
func FuzzText(f *testing.F) {
	for _, s := range []string{"\x1b]52;c;x\x07", "\u202e", "a\x9bb", "👩\u200d💻", "\x1b[", "\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		for _, r := range out {
			if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r < 0xa0) || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
				t.Fatalf("Text(%q) = %q holds %U", s, out, r)
			}
		}
		if Text(out) != out {
			t.Fatalf("Text is not stable on %q: %q then %q", s, out, Text(out))
		}
	})
}

// Text does linear work on any input: an opener of a command string (OSC,
// DCS, SOS, PM, APC, 7-bit or 8-bit) with no terminator after it once made
// every later opener scan to the end of the text again, so a megabyte of
// them took minutes. The work is counted (bytes looked at), since a
// machine's speed says little; the wall-clock bound only catches a counter
// that lies, and is generous for a loaded machine.
func TestTextIsLinear(t *testing.T) {
	const size = 1 << 20
	openers := []struct{ name, unit string }{
		{"ESC ]", "\x1b]"}, {"ESC P", "\x1bP"}, {"ESC X", "\x1bX"}, {"ESC ^", "\x1b^"}, {"ESC _", "\x1b_"},
		{"ESC [", "\x1b["}, {"ESC (", "\x1b("}, {"ESC alone", "\x1b"},
		{"U+0090", "\u0090"}, {"U+0098", "\u0098"}, {"U+009B", "\u009b"}, {"U+009D", "\u009d"}, {"U+009E", "\u009e"}, {"U+009F", "\u009f"},
		{"ESC ] and a word", "\x1b]0;title "}, {"U+009D and a word", "\u009dword "},
		{"ESC ] then a lone ESC", "\x1b]\x1b"}, {"OSC ended by a terminator each time", "\x1b]0;t\x07"},
		{"black flag and tags without an end", "🏴\U000E0067\U000E0062"}, {"joiners", "\u200d"},
		{"selectors", "\ufe0f"}, {"invalid bytes", "\xff\x9b"}, {"carriage returns", "\r"},
	}
	for _, o := range openers {
		s := strings.Repeat(o.unit, size/len(o.unit))
		c := cleaner{s: s}
		start := time.Now()
		c.run()
		took := time.Since(start)
		if c.steps > 3*len(s) {
			t.Errorf("%s: cleaning %d bytes took %d steps, want at most %d", o.name, len(s), c.steps, 3*len(s))
		}
		if took > time.Second {
			t.Errorf("%s: cleaning %d bytes took %s", o.name, len(s), took)
		}
	}
}

// Writer cleans each write, and tells the caller all of it was written.
func TestWriter(t *testing.T) {
	var sb strings.Builder
	w := Writer(&sb)
	for _, s := range []string{"Models: qwen\x1b]0;owned\x07\x1b[2J, other\n", "plain\n"} {
		if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if got, want := sb.String(), "Models: qwen, other\nplain\n"; got != want {
		t.Errorf("written %q, want %q", got, want)
	}
}

func TestClip(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"  short  ", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"one word too many", 10, "one word …"},
		{"Kilimanjaro 乞力马扎罗山", 13, "Kilimanjaro …"},
		{"乞力马扎罗山是非洲最高的山", 5, "乞力马扎…"},
	} {
		if got := Clip(tc.in, tc.n); got != tc.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
