package attribution

import "testing"

// base is the fake wiki the agent's tests open.
const base = "http://wiki.test"

// A finding written as a numbered list keeps its lines, as bullets: the
// numbers count lines, they are not the page's.
func TestListAsBullets(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"1. Kibo is high.\n2) Mawenzi is lower.", "- Kibo is high.\n- Mawenzi is lower."},
		{"1. Kibo is high.", "1. Kibo is high."},                                             // one line: maybe an item number
		{"2. Kibo is high.\n3. Mawenzi is lower.", "2. Kibo is high.\n3. Mawenzi is lower."}, // not counting lines
	} {
		if got := ListAsBullets(tc.text); got != tc.want {
			t.Errorf("listAsBullets(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// What a model says about where a finding comes from is taken off when it
// names the page open; any other source stays, to be judged.
func TestWithoutAttribution(t *testing.T) {
	p := &Page{URL: base + "/wiki/Kilimanjaro", Title: "Mount Kilimanjaro - Wiki"}
	const said = "Kibo is 5,895 m high."
	for _, tc := range []struct{ text, want string }{
		{said, said},
		{"According to the page, kibo is 5,895 m high.", said},
		{"According to Mount Kilimanjaro - Wiki: Kibo is 5,895 m high.", said},
		{"The page says that kibo is 5,895 m high.", said},
		{`"Kibo is 5,895 m high." (source: https://wiki.test/wiki/Kilimanjaro)`, said},
		{"Kibo is 5,895 m high. Source: Mount Kilimanjaro - Wiki", said},
		{"Kibo is 5,895 m high. [from the Wiki article]", said},
		{"Kibo is 5,895 m high. " + base + "/wiki/Kilimanjaro#Geology", said},
		{"Kibo is 5,895 m high (R1).", "Kibo is 5,895 m high"},
		{"Kibo is 5,895 m high. [Source](" + base + "/wiki/Kilimanjaro)", said},
		{"“Kibo is 5,895 m high.”", said},
		// Other sources, and brackets that are the finding's, stay.
		{"According to the WHO, kibo is 5,895 m high.", "According to the WHO, kibo is 5,895 m high."},
		{"Kibo is 5,895 m high. Source: Tanzania National Parks", "Kibo is 5,895 m high. Source: Tanzania National Parks"},
		{"The highest peak is Kibo (Mount Kilimanjaro).", "The highest peak is Kibo (Mount Kilimanjaro)."},
		{"Kibo is 5,895 m high (source: https://other.test/kibo)", "Kibo is 5,895 m high (source: https://other.test/kibo)"},
		{`Kibo is "the roof of Africa".`, `Kibo is "the roof of Africa".`},
	} {
		if got := Off(tc.text, p); got != tc.want {
			t.Errorf("Off(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
