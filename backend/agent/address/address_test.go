package address

import "testing"

// An address a model copies without its scheme or "www.", with https for
// http, a slash at the end or tracking parameters is the one offered.
func TestKey(t *testing.T) {
	offered := "http://www.wiki.test/wiki/Kilimanjaro?lang=en"
	for _, c := range []struct {
		copied string
		same   bool
	}{
		{"wiki.test/wiki/Kilimanjaro?lang=en", true},
		{"https://wiki.test/wiki/Kilimanjaro/?lang=en&utm_source=chat", true},
		{"https://wiki.test/wiki/Kilimanjaro?lang=en&fbclid=x", true},
		{"https://wiki.test/wiki/Kilimanjaro?lang=de", false},
		{"https://wiki.test/wiki/Kenya?lang=en", false},
	} {
		if got := Key(c.copied) == Key(offered); got != c.same {
			t.Errorf("%s: same as offered %v, want %v", c.copied, got, c.same)
		}
	}
	for _, no := range []string{"", "Mount Kilimanjaro", "kilimanjaro height", "R1"} {
		if k := Key(no); k != "" {
			t.Errorf("Key(%q) = %q, want none", no, k)
		}
	}
	if u, ok := Linked("[Kilimanjaro](https://wiki.test/wiki/Kilimanjaro)"); !ok || u != "https://wiki.test/wiki/Kilimanjaro" {
		t.Errorf("Linked = %q, %v", u, ok)
	}
	if _, ok := Linked("see [Kilimanjaro](https://wiki.test/wiki/Kilimanjaro)"); ok {
		t.Error("a link inside a sentence is not the whole of it")
	}
}
