package llm

import (
	"context"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// cutShort is the error a call cut short by cause (the watchdog's or the
// time cap's) ends with, after took.
func cutShort(cause error, maxTokens int, took time.Duration) error {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	return (&Client{}).failure(ctx, context.Canceled, chat.Request{MaxTokens: maxTokens}, took)
}

// The errors that end or interrupt a model call during a run are the
// window's messages "llm.<key>", whose English is word for word what the
// terminal, the journal and the English report read, the server's words
// and Scout's numbers filled in as written.
func TestRunErrorsAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	const reload = "The server may be ignoring the reply's token limit or repeating itself: reload the model in the server (or restart it), then resume the run."
	tests := []struct {
		name string
		err  error
		key  string
		want string
	}{
		{"stalled", cutShort(ErrStalled, 300, time.Minute), "llm.stalled",
			"The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run."},
		{"too long, minutes", cutShort(ErrReplyTooLong, 1500, 7*time.Minute+10*time.Second), "llm.replyTooLong",
			"The model server kept writing one reply for 7 minutes, far longer than the 1500 tokens Scout asked for should take, so Scout stopped it. " + reload},
		{"too long, one minute", cutShort(ErrReplyTooLong, 0, 80*time.Second), "llm.replyTooLong",
			"The model server kept writing one reply for 1 minute, far longer than the 4096 tokens Scout asked for should take, so Scout stopped it. " + reload},
		{"too long, seconds", cutShort(ErrReplyTooLong, 12000, 20*time.Second), "llm.replyTooLong",
			"The model server kept writing one reply for under a minute, far longer than the 12000 tokens Scout asked for should take, so Scout stopped it. " + reload},
		{"too big", errRunaway(4 << 20), "llm.replyTooBig",
			"The model server sent more than 4 MB for one reply without finishing, far more than Scout asked for, so Scout stopped reading. " + reload},
		{"only thought", errThinking(), "llm.onlyThought",
			"The model spent its whole reply thinking and never answered. Scout needs short, direct answers: choose a model without a thinking mode (such as Qwen2.5 7B Instruct), or turn thinking off for this one (llama.cpp follows Scout's request to; in LM Studio, edit the model's prompt template to begin with {%- set enable_thinking = false %})."},
		{"overflow", streamError("the request exceeds the available context size (4096 tokens), try increasing it.", nil), "llm.overflow",
			"The prompt is longer than the model's context (the request exceeds the available context size (4096 tokens), try increasing it). Load the model with a larger context length in LM Studio, or lower it in Scout's settings so Scout keeps prompts shorter."},
		{"mid-reply", streamError("slot {id} unavailable: 1,234 tokens.", nil), "llm.midReply",
			"The model server reported an error while answering: slot {id} unavailable: 1,234 tokens."},
		{"bad stream", errStream("invalid character 'x' looking for beginning of value"), "llm.badStream",
			"The model server sent a stream the API does not describe (invalid character 'x' looking for beginning of value). Check that the URL points at an OpenAI-compatible server."},
	}
	for _, tc := range tests {
		if tc.err.Error() != tc.want {
			t.Errorf("%s: Go says\n%s\nwant\n%s", tc.name, tc.err, tc.want)
		}
		said := phrase.OfError(tc.err)
		if said == nil || said.Key != tc.key {
			t.Errorf("%s: said as %v, want the window's %s", tc.name, said, tc.key)
			continue
		}
		if got, known := phrasetest.English(window, said); !known || got != tc.want {
			t.Errorf("%s: the window says (known: %v)\n%s\nwant\n%s", tc.name, known, got, tc.want)
		}
	}
}
