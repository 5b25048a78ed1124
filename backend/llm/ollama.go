package llm

import (
	"cmp"
	"context"
	"strconv"
	"strings"
)

// Ollama cannot be told a context length through the OpenAI API, loads a
// model on its first request with its own default, and drops the start of
// a prompt that does not fit without saying so. A run that assumed more
// context than Ollama gives would lose its instructions unnoticed, so when
// the model is not loaded yet Scout assumes Ollama's default.

// ollamaDefaultContext is the context Ollama gives a model on a computer
// with less than 24 GiB of graphics memory (its documented default), unless
// OLLAMA_CONTEXT_LENGTH says otherwise.
const ollamaDefaultContext = 4096

// ollamaModels is the shape of Ollama's /api/ps (the models loaded, with
// the context each was given) and /api/tags (the models downloaded, most
// recently changed first).
type ollamaModels struct {
	Models *[]ollamaModel `json:"models"`
}

type ollamaModel struct {
	Name          string `json:"name"`
	Model         string `json:"model"`
	ContextLength int    `json:"context_length"`
	Details       struct {
		Family string `json:"family"`
	} `json:"details"`
}

// chat reports whether the model can chat on this computer: Ollama lists
// embedding models (nomic-embed-text, a BERT) and cloud models beside local
// chat models.
func (m ollamaModel) chat() bool {
	name := strings.ToLower(m.Name)
	return !strings.Contains(name, "embed") && !strings.Contains(m.Details.Family, "bert") &&
		!strings.HasSuffix(name, "-cloud") && !strings.HasSuffix(name, ":cloud")
}

func (m ollamaModel) is(id string) bool { return id == m.Name || id == m.Model }

func detectOllama(ctx context.Context, c *Client, model string) (detection, bool) {
	var ps ollamaModels
	if !c.getRoot(ctx, "/api/ps", &ps) || ps.Models == nil {
		return detection{}, false
	}
	d := detection{server: ServerOllama}
	var tags ollamaModels
	if c.getRoot(ctx, "/api/tags", &tags) && tags.Models != nil {
		for _, m := range *tags.Models {
			if m.chat() {
				d.chat = m.Name
				break
			}
		}
	}
	for _, m := range *ps.Models {
		if !m.chat() {
			continue
		}
		if d.loaded == "" {
			d.loaded = m.Name
		}
		if model == "" {
			model = m.Name
		}
		if m.is(model) {
			d.modelLoaded = true
			if m.ContextLength > 0 {
				d.length, d.source = m.ContextLength, "Ollama /api/ps"
			}
			return d, true
		}
	}
	d.length, d.source = ollamaDefaultContext, "Ollama's default, for a model it has not loaded yet"
	d.notes = append(d.notes, ollamaNotLoadedNote(cmp.Or(model, d.chat)))
	return d, true
}

func ollamaNotLoadedNote(model string) note {
	return noteOf("ollamaNotLoaded", "model", strconv.Quote(model), "context", strconv.Itoa(ollamaDefaultContext))
}
