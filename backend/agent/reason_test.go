package agent

import (
	"reflect"
	"testing"
)

// Each reason an item is not found reads in English as the model and the
// journal have it; the report words the same data in the objective's
// language (report/messages).
func TestReasonsInEnglish(t *testing.T) {
	for _, c := range []struct {
		r    Reason
		want string
	}{
		{Reason{Key: ReasonUncovered}, "no finding covers it"},
		{Reason{Key: ReasonCount, Have: 1, Want: 3}, "only 1 of 3 found"},
		{Reason{Key: ReasonCondition, Condition: "open source"}, "no finding shows it is open source"},
		{Reason{Key: ReasonWhether, Things: []string{"Vim"}, Condition: "free"}, "no finding says whether Vim is free"},
		{Reason{Key: ReasonWhether, Things: []string{"Vim", "Emacs"}, Condition: "free"}, "no finding says whether Vim and Emacs are free"},
		{Reason{Key: ReasonLacking, Things: []string{"Mount Kenya"}}, "nothing found for Mount Kenya"},
		{Reason{Key: ReasonUnchecked}, "the coverage check found it not covered"},
		{Reason{Key: ReasonRefuted, Findings: []int{3}, Text: "does not name Vim"}, "finding [3] does not name Vim"},
		{Reason{Key: ReasonSaid, Text: "the price in euros"}, "the price in euros"},
		{Reason{Key: ReasonUnsaid}, "the result does not say it"},
		{Reason{Key: ReasonUnsaid, Things: []string{"Mount Kenya"}, Findings: []int{2}}, "the result does not say it for Mount Kenya; finding [2] does"},
		{Reason{Key: ReasonUnsaid, Findings: []int{2, 4}}, "the result does not say it; findings [2], [4] do"},
		{Reason{Key: ReasonNoView}, "the result gives no view of its own"},
		{Reason{Key: ReasonViewUnwritten}, "no view was written: the run ended before the result"},
		{Reason{Key: ReasonViewLater}, "the view comes with the result, when the run ends"},
	} {
		if got := ReasonEnglish(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// A not-found line's reasons are joined when two lines of an item become
// one; a line from a report written before reasons has its Why alone,
// and the joined line then keeps only its Why, which says it all.
func TestJoinedReasons(t *testing.T) {
	it := Item{Number: 1, Text: "two free office suites"}
	count, cond := missing(it, Reason{Key: ReasonCount, Have: 1, Want: 2}), missing(it, Reason{Key: ReasonCondition, Condition: "free"})
	got := merged([]Missing{count, cond})
	if want := missing(it, count.Reasons[0], cond.Reasons[0]); !reflect.DeepEqual(*got, want) || got.Why != "only 1 of 2 found; no finding shows it is free" {
		t.Errorf("merged %+v, want %+v", *got, want)
	}
	old := Missing{Item: it, Why: "only 1 of 2 found"}
	if got := merged([]Missing{old, cond}); got.Reasons != nil || got.Why != "only 1 of 2 found; no finding shows it is free" {
		t.Errorf("merged with an old line: %+v", *got)
	}
}
