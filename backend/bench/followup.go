package bench

import (
	"strings"
	"sync"

	"context"
	"fmt"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// A follow-up task is played three times: its parent question, the same
// question as the task's from zero, and the task's question as a
// follow-up of the parent's run. The follow-up's result is the task's; the
// figures it is measured by (what it read anew against the run from zero)
// come with it. Offline the three share one model server, as a user's runs
// do: each run after the first finds the server's cache holding the last
// one's prompt, so each reads the system prompt from the cache alike.

// FollowUp are a follow-up task's figures beside the same question run
// from zero, and its parent's outcome.
type FollowUp struct {
	// Fresh and FromZeroFresh are the prompt tokens read anew (not reused
	// from the server's cache) by the follow-up and by the run from zero.
	Fresh         int `json:"fresh_prompt_tokens"`
	FromZeroFresh int `json:"from_zero_fresh_prompt_tokens"`
	// FromZeroAnswer and ParentAnswer are their answer checks passed, of
	// how many; the citations of each are valid when Valid.
	FromZeroAnswer [2]int `json:"from_zero_answer"`
	ParentAnswer   [2]int `json:"parent_answer"`
	FromZeroValid  bool   `json:"from_zero_citations_valid"`
	ParentValid    bool   `json:"parent_citations_valid"`
	// Carried counts the parent's findings the follow-up took over.
	Carried int `json:"carried_findings"`
}

// Ratio is the follow-up's fresh prompt tokens over the run from zero's.
func (f FollowUp) Ratio() float64 {
	if f.FromZeroFresh == 0 {
		return 0
	}
	return float64(f.Fresh) / float64(f.FromZeroFresh)
}

// String is the figures as the bench prints them.
func (f FollowUp) String() string {
	return fmt.Sprintf("follow-up read %d fresh prompt tokens, from zero %d (%.0f%%); %d earlier findings taken over; parent answer %d/%d, from zero %d/%d",
		f.Fresh, f.FromZeroFresh, 100*f.Ratio(), f.Carried, f.ParentAnswer[0], f.ParentAnswer[1], f.FromZeroAnswer[0], f.FromZeroAnswer[1])
}

// runPlay plays p: a follow-up task's three runs, or any other task's one.
func runPlay(ctx context.Context, opts Options, p play, siteURL string) Result {
	t := p.task
	if t.Parent == nil || p.rebuild {
		return runTask(ctx, opts, p, siteURL)
	}
	parent := *t.Parent
	parent.ID, parent.Kind, parent.dir = t.ID, t.Kind, t.dir
	parent.TurnLimit = t.TurnLimit
	var server *sessionServer
	if !opts.Live {
		server = newSessionServer()
		defer server.Close()
	}
	pr := runTask(ctx, opts, play{task: parent, style: p.style, variant: "parent", server: server}, siteURL)
	zero := runTask(ctx, opts, play{task: t, style: p.style, variant: "from-zero", server: server}, siteURL)
	res := runTask(ctx, opts, play{task: t, style: p.style, variant: "follow-up", parent: pr.Dir, server: server}, siteURL)
	fu := &FollowUp{
		Fresh: res.PromptTokens - res.Reusable, FromZeroFresh: zero.PromptTokens - zero.Reusable,
		FromZeroAnswer: [2]int{zero.AnswerPassed, zero.AnswerTotal}, ParentAnswer: [2]int{pr.AnswerPassed, pr.AnswerTotal},
		FromZeroValid: zero.CitationsValid, ParentValid: pr.CitationsValid, Carried: res.carried,
	}
	res.FollowUp = fu
	if opts.Progress != nil {
		opts.Progress(fmt.Sprintf("%-10s %s", t.ID, fu))
	}
	return res
}

// sessionServer is one fake model server for several runs in turn, each
// played by its own policy.
type sessionServer struct {
	*llmtest.Server
	mu     sync.Mutex
	policy *Policy
}

func newSessionServer() *sessionServer {
	s := &sessionServer{}
	script := func(kind string, msgs []llmtest.Message) llmtest.Reply {
		s.mu.Lock()
		p := s.policy
		s.mu.Unlock()
		return p.Script()(kind, msgs)
	}
	s.Server = llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 8192, Script: script})
	return s
}

// play makes p the policy that answers from now on.
func (s *sessionServer) play(p *Policy) {
	s.mu.Lock()
	s.policy = p
	s.mu.Unlock()
}

// writeFollowUps is the summary's section on follow-up tasks: what each
// follow-up read anew against the same question from zero.
func (s Summary) writeFollowUps(sb *strings.Builder) {
	var rows []string
	for _, r := range s.Results {
		if f := r.FollowUp; f != nil {
			rows = append(rows, fmt.Sprintf("| %s | %s | %d | %d | %.0f%% | %d | %d/%d | %d/%d |\n", r.ID, r.styleName(s.Mode),
				f.Fresh, f.FromZeroFresh, 100*f.Ratio(), f.Carried, r.AnswerPassed, r.AnswerTotal, f.FromZeroAnswer[0], f.FromZeroAnswer[1]))
		}
	}
	if len(rows) == 0 {
		return
	}
	sb.WriteString("\n## Follow-up questions\n\n")
	sb.WriteString("A follow-up is asked on the run of its parent question and starts from its findings; the same question is also run from zero, on the same model server. Fresh tokens are prompt tokens read anew, not from the server's cache.\n\n")
	sb.WriteString("| Task | Style | Follow-up fresh tok | From zero fresh tok | Ratio | Findings taken over | Answer | From zero answer |\n| --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n")
	sb.WriteString(strings.Join(rows, ""))
}
