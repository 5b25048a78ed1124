package agent

import (
	"reflect"
	"slices"
	"testing"
)

// The checklist, coverage and writer replies are read as loosely as an
// action: what a model writes around or instead of the JSON asked for.
func TestOtherRepliesReadLoosely(t *testing.T) {
	three := []string{"the tallest mountain", "its height in meters", "its height in feet"}
	for _, reply := range []string{
		`{"items": ["the tallest mountain", "its height in meters", "its height in feet"]}`,
		"Checklist:\n```json\n{'items': ['the tallest mountain', 'its height in meters', 'its height in feet',]}\n```",
		`["the tallest mountain", "its height in meters", "its height in feet"]`,
		`{"checklist": [{"item": "the tallest mountain"}, {"item": "its height in meters"}, {"text": "its height in feet"}]}`,
		"Here is the checklist:\n1. the tallest mountain\n2. its height in meters\n- its height in feet",
		"**Checklist:**\n1. **the tallest mountain**\n2. **its height in meters**\n3. `its height in feet`",
	} {
		if got := checklistOf(reply); !slices.Equal(got, three) {
			t.Errorf("checklistOf(%q) = %q", reply, got)
		}
	}
	if got := checklistOf("The items [see below]:\n1. the tallest mountain\n2. its height in meters\n3. its height in feet"); !slices.Equal(got, three) {
		t.Errorf("a numbered list after a bracket gave %q", got)
	}
	if got := checklistOf(`{"items": "oops"`); len(got) != 0 {
		t.Errorf("a cut-off checklist gave %q", got)
	}

	want := []coverageItem{{Item: 1, Findings: []int{1}, Covered: true}, {Item: 2, Findings: []int{1, 2}, Covered: false, Missing: "feet", Names: []string{"A", "B"}}}
	for _, reply := range []string{
		`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1,2],"covered":false,"missing":"feet","names":["A","B"]}]}`,
		`{"items":[{"item":"1","findings":"1","covered":"yes"},{"item":"2","findings":["1","2"],"covered":"false","missing":"feet","names":"A, B"}]}`,
		`{"items":[{"item":"Item 1","findings":"[1]","covered":1},{"item":"Item 2","findings":"1 and 2","covered":0,"missing":"feet","names":["A","B"]}]}`,
		"Item 2 is open:\n[{\"item\":1,\"findings\":[1],\"covered\":true,},{\"item\":2,\"findings\":[1,2],\"covered\":false,\"missing\":\"feet\",\"names\":[\"A\",\"B\"]},]",
	} {
		if got, err := coverageOf(reply); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("coverageOf(%q) = %+v, %v", reply, got, err)
		}
	}
	if _, err := coverageOf(`{"verdict": "all covered"}`); err == nil {
		t.Error("a coverage answer without items was read")
	}

	for _, tc := range []struct{ reply, want string }{
		{`{"result": "A [1]."}`, "A [1]."},
		{"```json\n{\"answer\": \"A [1].\nB [2].\"}\n```", "A [1].\nB [2]."},
		{`{"result": ["A [1].", "B [2]."]}`, "A [1].\n\nB [2]."},
		{"A [1], in prose.", "A [1], in prose."},
	} {
		if got, err := resultOf(tc.reply); err != nil || got != tc.want {
			t.Errorf("resultOf(%q) = %q, %v; want %q", tc.reply, got, err, tc.want)
		}
	}
	if _, err := resultOf(`{"thought_process": "", "action": "SEARCH", "parameter": "x"}`); err != errActionShaped {
		t.Errorf("an action from the writer: %v", err)
	}
}
