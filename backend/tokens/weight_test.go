package tokens

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWeight(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"prose counts its characters", "the highest mountain", 20},
		{"Chinese, a token each", "非洲最高的山", 6 * wideWeight},
		{"Thai, a token each", "ภูเขา", 5 * wideWeight},
		{"full-width punctuation", "山。", 2 * wideWeight},
		{"a long word is still a word", "Donaudampfschifffahrt", 21},
		// a B 3 d Ef 9 h Ij Kl Mn Op Qr St Uv Wx Yz: sixteen pieces
		{"data: a token per piece of one kind", "aB3dEf9hIjKlMnOpQrStUvWxYz", wideWeight * 16},
		{"data: long pieces cost more", "kilimanjaro-climbing-routes/2026", wideWeight * (3 + 1 + 2 + 1 + 2 + 1 + 2)},
		{"spaces end a run", "abc 非", 3 + 1 + wideWeight},
	}
	for _, tc := range tests {
		if got := Weight(tc.in); got != tc.want {
			t.Errorf("%s: Weight(%q) = %d, want %d", tc.name, tc.in, got, tc.want)
		}
	}
}

// The meter's weight never falls as characters are added (a cut made where
// it first passes a budget is the right one) and ends at Weight's.
func TestMeterOnlyGrows(t *testing.T) {
	for _, s := range []string{"https://example.com/a-long-path/with/segments?and=query&more=1", "非洲最高的山 is Kilimanjaro", strings.Repeat("Zm9vYmFy", 10)} {
		var m Meter
		last := 0
		for _, r := range s {
			m.Add(r)
			if w := m.Weight(); w < last {
				t.Fatalf("%q: weight fell from %d to %d", s, last, w)
			} else {
				last = w
			}
		}
		if last != Weight(s) {
			t.Errorf("%q: meter %d, Weight %d", s, last, Weight(s))
		}
	}
}

// The estimate at the default ratio is within a sane factor of what real
// tokenizers count (testdata/tokens/counts.json, measured once with the
// npm packages it names): never below 0.7 of the count, where a part would
// overflow the context, and at most 2.3 times it, where parts are cut
// smaller than they need be (Thai on the largest vocabularies).
func TestEstimateAgainstRealTokenizers(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "tokens", "counts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var samples []struct {
		Name   string
		Text   string
		Tokens map[string]int
	}
	if err := json.Unmarshal(data, &samples); err != nil {
		t.Fatal(err)
	}
	var e Estimator
	for _, s := range samples {
		est := e.Count(s.Text)
		for tokenizer, real := range s.Tokens {
			f := float64(est) / float64(real)
			t.Logf("%-7s %-40s real %5d, estimated %5d (%.2f)", s.Name, tokenizer, real, est, f)
			if f < 0.7 || f > 2.3 {
				t.Errorf("%s, %s: estimated %d tokens, the tokenizer counts %d (factor %.2f)", s.Name, tokenizer, est, real, f)
			}
		}
	}
}
