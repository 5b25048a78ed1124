package llm

import (
	"context"
	"net/http"
	"strconv"
	"strings"
)

// Server names reported in ServerInfo.Server.
const (
	ServerLMStudio = "LM Studio"
	ServerLlamaCpp = "llama.cpp"
	ServerOllama   = "Ollama"
)

// detection is what one server-specific endpoint told about the context.
type detection struct {
	server string
	length int
	source string
	// loaded is the first chat model the server has loaded, if it says;
	// chat is the first chat model it lists, loaded or not (the one a
	// just-in-time loading server would load for a run).
	loaded, chat string
	// modelLoaded: the model a run would use is loaded now.
	modelLoaded bool
	notes       []note
}

// detector asks one server-specific endpoint; ok is false when the endpoint
// is absent or answers in another shape, so the next detector is tried.
type detector func(ctx context.Context, c *Client, model string) (d detection, ok bool)

// detectors are tried in order: LM Studio 0.4+ still serves the 0.3 API, and
// its new one reports the context actually loaded, so it goes first.
var detectors = []detector{detectLMStudio04, detectLMStudio03, detectLlamaCpp, detectOllama}

// detectContext finds the loaded context length of model (or of the first
// loaded model when model is empty), or reports none.
// Failures here are never fatal: the model list already proved the server
// works, and the user can type the context length.
func (c *Client) detectContext(ctx context.Context, model string) detection {
	for _, d := range detectors {
		if got, ok := d(ctx, c, model); ok {
			return got
		}
		if ctx.Err() != nil {
			break
		}
	}
	return detection{}
}

// root is the server's address without the /v1 of the OpenAI API, where
// LM Studio and llama.cpp serve their own endpoints.
func (c *Client) root() string {
	return strings.TrimSuffix(c.base, "/v1")
}

func (c *Client) getRoot(ctx context.Context, path string, v any) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.root()+path, nil)
	if err != nil {
		return false
	}
	return c.getJSON(req, v) == nil
}

type lmStudio04Models struct {
	Models *[]struct {
		Key             string `json:"key"`
		Type            string `json:"type"`
		LoadedInstances []struct {
			ID     string `json:"id"`
			Config struct {
				ContextLength int `json:"context_length"`
			} `json:"config"`
		} `json:"loaded_instances"`
	} `json:"models"`
}

func detectLMStudio04(ctx context.Context, c *Client, model string) (detection, bool) {
	var got lmStudio04Models
	if !c.getRoot(ctx, "/api/v1/models", &got) || got.Models == nil {
		return detection{}, false
	}
	d := detection{server: ServerLMStudio}
	for _, m := range *got.Models {
		if m.Type == "embedding" {
			continue
		}
		if d.chat == "" {
			d.chat = m.Key
		}
		for _, inst := range m.LoadedInstances {
			if d.loaded == "" {
				d.loaded = inst.ID
			}
			if model == "" {
				model = inst.ID
			}
			if n := inst.Config.ContextLength; n > 0 && (inst.ID == model || m.Key == model) {
				d.length, d.source, d.modelLoaded = n, "LM Studio /api/v1/models", true
				return d, true
			}
		}
	}
	d.notes = append(d.notes, notLoadedNote(model))
	return d, true
}

type lmStudio03Models struct {
	Data *[]struct {
		ID                  string `json:"id"`
		Type                string `json:"type"`
		State               string `json:"state"`
		MaxContextLength    int    `json:"max_context_length"`
		LoadedContextLength int    `json:"loaded_context_length"`
	} `json:"data"`
}

func detectLMStudio03(ctx context.Context, c *Client, model string) (detection, bool) {
	var got lmStudio03Models
	if !c.getRoot(ctx, "/api/v0/models", &got) || got.Data == nil {
		return detection{}, false
	}
	d := detection{server: ServerLMStudio}
	for _, m := range *got.Data {
		if strings.Contains(m.Type, "embedding") {
			continue
		}
		if d.chat == "" {
			d.chat = m.ID
		}
		if m.State != "loaded" {
			continue
		}
		if d.loaded == "" {
			d.loaded = m.ID
		}
		if model == "" {
			model = m.ID
		}
		if m.ID != model {
			continue
		}
		d.modelLoaded = true
		if m.LoadedContextLength > 0 {
			d.length, d.source = m.LoadedContextLength, "LM Studio /api/v0/models"
		} else if m.MaxContextLength > 0 {
			d.length, d.source = m.MaxContextLength, "LM Studio /api/v0/models (model maximum)"
			d.notes = append(d.notes, noteOf("maxContextOnly"))
		}
		return d, true
	}
	d.notes = append(d.notes, notLoadedNote(model))
	return d, true
}

func notLoadedNote(model string) note {
	if model == "" {
		return noteOf("noneLoaded")
	}
	return noteOf("notLoaded", "model", strconv.Quote(model))
}

type llamaCppProps struct {
	Settings *struct {
		NCtx int `json:"n_ctx"`
	} `json:"default_generation_settings"`
	NCtx int `json:"n_ctx"`
}

func detectLlamaCpp(ctx context.Context, c *Client, _ string) (detection, bool) {
	var got llamaCppProps
	if !c.getRoot(ctx, "/props", &got) {
		return detection{}, false
	}
	n := got.NCtx
	if got.Settings != nil && got.Settings.NCtx > 0 {
		n = got.Settings.NCtx
	}
	if n <= 0 {
		return detection{}, false
	}
	// llama-server serves the one model it started with, loaded.
	return detection{server: ServerLlamaCpp, length: n, source: "llama.cpp /props", modelLoaded: true}, true
}
