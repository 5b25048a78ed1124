package llm

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/respjson"
	"github.com/openai/openai-go/v3/shared"

	"github.com/scout-research/scout/backend/chat"
)

// Stall watchdog. A CPU reads a prompt before the first token appears, and
// reading takes time in proportion to its length, so the first wait scales
// with the prompt; after that tokens flow every few seconds or the server
// has stalled. There is no whole-request timeout: a long answer on a slow
// machine is not an error.
const (
	// firstTokenBase covers loading and scheduling before reading starts.
	firstTokenBase = 90 * time.Second
	// slowestPromptRate is the prompt reading speed (tokens per second) of
	// the slowest machine supported; the ancestor measured ~7 on an i5.
	slowestPromptRate = 2.0
	// tokenStall is the longest gap between streamed tokens.
	tokenStall = 90 * time.Second
	// charsPerTokenForWatchdog is a rough prompt-size measure, generous on
	// purpose (fewer characters per token means a longer allowance).
	charsPerTokenForWatchdog = 3.0
)

// ErrStalled is the kind of error when the watchdog gave up on a reply.
var ErrStalled = errors.New("model server stalled")

// Complete sends one chat completion, streamed so a stall can be told from
// slow progress, and returns the whole reply with the server's usage
// figures. It never retries.
func (c *Client) Complete(ctx context.Context, model string, req chat.Request) (chat.Reply, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	params := c.params(model, req)
	start := time.Now()
	dog := time.AfterFunc(c.firstTokenWait(req.Messages), func() { cancel(ErrStalled) })
	defer dog.Stop()

	stream := c.oa.Chat.Completions.NewStreaming(ctx, params)
	defer stream.Close()
	var sb strings.Builder
	var reply chat.Reply
	for stream.Next() {
		chunk := stream.Current()
		for _, ch := range chunk.Choices {
			if ch.Delta.Content != "" {
				// Only written tokens prove progress: a server may send
				// an empty opening chunk before it reads the prompt.
				dog.Reset(c.stall.gap)
			}
			sb.WriteString(ch.Delta.Content)
			if ch.FinishReason == "length" {
				reply.Truncated = true
			}
		}
		if chunk.Usage.PromptTokens > 0 || chunk.Usage.CompletionTokens > 0 {
			reply.Usage.PromptTokens = int(chunk.Usage.PromptTokens)
			reply.Usage.CompletionTokens = int(chunk.Usage.CompletionTokens)
			reply.Usage.CachedTokens = int(chunk.Usage.PromptTokensDetails.CachedTokens)
		}
		if t, ok := readTimings(chunk.JSON.ExtraFields); ok {
			if t.CacheN != nil && reply.Usage.CachedTokens == 0 {
				reply.Usage.CachedTokens = *t.CacheN
			}
			if t.PredictedPerSecond > 0 {
				reply.Usage.WriteRate = t.PredictedPerSecond
			}
		}
	}
	reply.Usage.Duration = time.Since(start)
	if err := stream.Err(); err != nil {
		if errors.Is(context.Cause(ctx), ErrStalled) {
			return reply, newError(ErrStalled, "The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run.")
		}
		return reply, explain(err, c.base)
	}
	reply.Content = sb.String()
	return reply, nil
}

func (c *Client) params(model string, req chat.Request) openai.ChatCompletionNewParams {
	msgs := make([]openai.ChatCompletionMessageParamUnion, len(req.Messages))
	for i, m := range req.Messages {
		switch m.Role {
		case chat.System:
			msgs[i] = openai.SystemMessage(m.Content)
		case chat.Assistant:
			msgs[i] = openai.AssistantMessage(m.Content)
		default:
			msgs[i] = openai.UserMessage(m.Content)
		}
	}
	p := openai.ChatCompletionNewParams{
		Model:         model,
		Messages:      msgs,
		Temperature:   openai.Float(req.Temperature),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	}
	if req.MaxTokens > 0 {
		p.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.Schema != nil {
		p.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
				Name: req.Schema.Name, Strict: openai.Bool(true), Schema: req.Schema.Schema,
			}},
		}
	}
	return p
}

// stallLimits are the watchdog's allowances; tests shorten them.
type stallLimits struct {
	firstBase time.Duration
	gap       time.Duration
}

var defaultStall = stallLimits{firstBase: firstTokenBase, gap: tokenStall}

// firstTokenWait allows for reading the whole prompt at the slowest rate.
func (c *Client) firstTokenWait(msgs []chat.Message) time.Duration {
	chars := 0
	for _, m := range msgs {
		chars += utf8.RuneCountInString(m.Content)
	}
	tokens := float64(chars) / charsPerTokenForWatchdog
	return c.stall.firstBase + time.Duration(tokens/slowestPromptRate*float64(time.Second))
}

// timings is llama.cpp's timings object (LM Studio and llama-server send
// it): cache_n is the prompt tokens taken from its cache, which usage
// may not report, and predicted_per_second the generation speed.
type timings struct {
	CacheN             *int    `json:"cache_n"`
	PredictedPerSecond float64 `json:"predicted_per_second"`
}

func readTimings(extra map[string]respjson.Field) (timings, bool) {
	f, ok := extra["timings"]
	if !ok {
		return timings{}, false
	}
	var t timings
	if json.Unmarshal([]byte(f.Raw()), &t) != nil {
		return timings{}, false
	}
	return t, true
}
