package agent

import "testing"

// The ancestor's opinion task: "form an opinion" is the writer's to
// answer, so it holds up neither "all covered" nor a FINISH, and the
// writer is asked for the view; the traditions' own views are a sourced
// item, answered by findings.
func TestAnOpinionToFormIsTheWritersToGive(t *testing.T) {
	rec := &record{checklist: items("how spiritual traditions view cats", "form an opinion on the role of cats")}
	if got := rec.openItems(); len(got) != 1 || got[0].Number != 1 {
		t.Errorf("open items before any finding %+v, want only the traditions' views", got)
	}
	rec.add(Finding{Text: "In ancient Egypt cats were sacred to the goddess Bastet.", Items: []int{1}}, 3)
	if gaps := codeGaps(rec.ledger(), nil); len(gaps) != 0 {
		t.Errorf("gaps %+v", gaps)
	}
	if !rec.allCovered() {
		t.Errorf("open items %+v", rec.openItems())
	}
	b := writerBrief(rec.checklist, rec.findings, nil)
	if len(b.views) != 1 || b.views[0].Number != 2 || len(b.items) != 1 || b.items[0].Number != 1 {
		t.Errorf("the writer answers %+v and gives its view on %+v", b.items, b.views)
	}
}
