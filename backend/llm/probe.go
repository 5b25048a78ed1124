package llm

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/scout-research/scout/backend/phrase"
)

// ProbeTimeout bounds a connection test: a local server lists its models in
// milliseconds, and a user clicking "Test connection" should not wait long
// for a wrong address. A server busy loading a model may need a retry.
const ProbeTimeout = 8 * time.Second

// ServerInfo is what a connection test learned about the server.
type ServerInfo struct {
	// Models are the ids from GET /v1/models, in the server's order.
	Models []string `json:"models"`
	// Model is the model a run would use: the requested one, else the first
	// one loaded, else the first listed.
	Model string `json:"model"`
	// Server names the kind of server when recognised ("LM Studio",
	// "llama.cpp"), else "".
	Server string `json:"server"`
	// ContextLength is the loaded context in tokens; 0 when the server does
	// not report it.
	ContextLength int `json:"context_length"`
	// ContextSource says which endpoint gave ContextLength.
	ContextSource string `json:"context_source"`
	// ModelLoaded is true when the server says the model a run would use
	// is loaded; false when it is not, or the server does not say (Ollama
	// loads a model on the first request).
	ModelLoaded bool `json:"model_loaded"`
	// Notes are things the user should know that are not failures;
	// NoteSays the same as the window's messages, one for each.
	Notes    []string       `json:"notes"`
	NoteSays []*phrase.Said `json:"note_says,omitempty"`
}

// note adds n to the notes.
func (info *ServerInfo) note(n note) {
	info.Notes = append(info.Notes, n.text)
	info.NoteSays = append(info.NoteSays, n.say)
}

// Models lists the model ids the server offers.
func (c *Client) Models(ctx context.Context) ([]string, error) {
	if err := c.checkURL(); err != nil {
		return nil, err
	}
	page, err := c.models.List(ctx)
	if err != nil {
		return nil, c.explain(err)
	}
	if !page.JSON.Data.Valid() {
		return nil, wrongPath(c.base, wordsOf("noModelList"))
	}
	ids := make([]string, 0, len(page.Data))
	for _, m := range page.Data {
		if m.ID != "" {
			ids = append(ids, m.ID)
		}
	}
	return ids, nil
}

// Probe tests the connection: it lists the models, picks the one a run would
// use (want, or when want is empty the first loaded one) and detects its
// loaded context length. It fails when the server cannot be used at all, including when it
// lists no model.
func (c *Client) Probe(ctx context.Context, want string) (ServerInfo, error) {
	ctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	ids, err := c.Models(ctx)
	if err != nil {
		return ServerInfo{}, err
	}
	if len(ids) == 0 {
		return ServerInfo{}, said(ErrNoModel, "noModel", "host", hostOf(c.base))
	}
	info := ServerInfo{Models: ids, Model: want}
	if want != "" && !slices.Contains(ids, want) {
		info.note(noteOf("notListed", "model", strconv.Quote(want)))
	}
	refused := &refusals{}
	det := c.detectContext(context.WithValue(ctx, refusalsKey{}, refused), want)
	if e := refused.first.Load(); e != nil {
		return ServerInfo{}, c.explain(e)
	}
	if info.Model == "" {
		// "First model" means the first one loaded: LM Studio lists every
		// downloaded model, embedding models included. With none loaded, the
		// first chat model, which LM Studio loads on the first request.
		info.Model = cmp.Or(det.loaded, det.chat, ids[0])
	}
	info.Server, info.ContextLength, info.ContextSource, info.ModelLoaded = det.server, det.length, det.source, det.modelLoaded
	for _, n := range det.notes {
		info.note(n)
	}
	if info.ContextLength == 0 {
		info.note(noteOf("noContext"))
	}
	return info, nil
}
