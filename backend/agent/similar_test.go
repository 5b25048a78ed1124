package agent

import (
	"testing"

	"github.com/scout-research/scout/backend/agent/words"
)

func TestNewNumbersMakeAFindingNew(t *testing.T) {
	a := "Weather station number 1 stands at an altitude of 1250 metres on the northern ridge."
	b := "Weather station number 5 stands at an altitude of 2250 metres on the northern ridge."
	if words.Overlap(words.Pairs(words.Of(b)), words.Pairs(words.Of(a))) < duplicateOverlap {
		t.Fatal("the two findings should look alike by word pairs for this test to mean anything")
	}
	if !newNumbers(b, a) || newNumbers(a, a+" Indeed.") {
		t.Fatal("newNumbers is wrong")
	}
}
