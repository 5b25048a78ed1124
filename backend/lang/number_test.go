package lang

import "testing"

func TestParseNumber(t *testing.T) {
	cases := []struct {
		text string
		lang Tag
		want float64
	}{
		{"1.642", German, 1642}, {"5.387", German, 5387}, {"744,4", German, 744.4}, {"744,4", English, 744.4},
		{"1 642", French, 1642}, {"1\u00a0642", French, 1642}, {"1\u202f642", French, 1642}, {"1\u202f642", English, 1642},
		{"1’642", German, 1642}, {"1'642", English, 1642},
		{"1,642", English, 1642}, {"1,642", German, 1.642}, {"1.642", English, 1.642}, {"1,642", Chinese, 1642},
		{"1,642", Russian, 1.642}, {"1,642", Spanish, 1.642}, {"1.642", Portuguese, 1642},
		{"5,895", English, 5895}, {"5,895.", English, 5895}, {"19.3", English, 19.3}, {"2.5", German, 2.5},
		{"0,642", English, 0.642}, {"1234,5", English, 1234.5},
		{"1,234,567", English, 1234567}, {"1.234.567", German, 1234567}, {"1,642.5", German, 1642.5}, {"1.642,5", English, 1642.5},
		{"1 642,5", French, 1642.5}, {"12 345 678", Russian, 12345678},
	}
	for _, c := range cases {
		if got, ok := ParseNumber(c.text, c.lang); !ok || got != c.want {
			t.Errorf("ParseNumber(%q, %s) = %v, %v; want %v", c.text, c.lang, got, ok, c.want)
		}
	}
	for _, bad := range []string{"1.2.3,4,5", "1,2.3.4", "1.2.3", "1,22,333"} {
		if v, ok := ParseNumber(bad, English); ok {
			t.Errorf("ParseNumber(%q) = %v, want no number", bad, v)
		}
	}
}
