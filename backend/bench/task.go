// Package bench is Scout's frozen-web benchmark: tasks of the seven kinds
// that each broke something in the ancestor, served as small offline sites
// with a search endpoint, run through the real agent against either a
// deterministic policy model (offline) or the model server in settings
// (live), and measured: finished or not, answer checks, citations, turns,
// model calls, prompt-cache reuse and projected model time on a CPU.
package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/scout-research/scout/backend/agent"
)

// Task is one benchmark task, from testdata/bench/<id>/task.json.
type Task struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Objective string `json:"objective"`
	TurnLimit int    `json:"turn_limit"`
	// Checklist is what the policy model answers to the checklist call;
	// Keywords tell it which page sentences serve each item.
	Checklist []Item   `json:"checklist"`
	Queries   []string `json:"queries"`
	// Must and MustNot are the answer checks on the report's result.
	Must    []string `json:"must"`
	MustNot []string `json:"must_not"`
	// NamedNotFound and NamedLeftOut are answer checks on the report's gap
	// sections: what the web does not hold must be named as not found,
	// and a thing shown not to meet a condition named as left out.
	NamedNotFound []string `json:"must_name_not_found,omitempty"`
	NamedLeftOut  []string `json:"must_name_left_out,omitempty"`
	Notes         string   `json:"notes"`
	// Replay, when set, is a real model's run on this task, action by
	// action as it wrote them; the Replay style plays it (see replay.go).
	Replay []agent.Action `json:"replay,omitempty"`
	// Ancestor is what the ancestor's published run of the replayed
	// actions cost, to print beside Scout's figures.
	Ancestor *AncestorRun `json:"ancestor,omitempty"`
	// Parent, when set, makes the task a follow-up question: Parent is
	// asked first, then the objective as a follow-up of that run, and
	// from zero to measure it against (followup.go).
	Parent *Task `json:"parent,omitempty"`

	dir string
}

// AncestorRun is the published figures of the ancestor's run that a
// task replays (seed 000's README, "What a run looks like").
type AncestorRun struct {
	Version string `json:"version"`
	Turns   int    `json:"turns"`
	// PromptTokens are the action calls' prompts in order; WriterPrompt
	// and the written tokens complete the run's cost.
	PromptTokens     []int   `json:"prompt_tokens"`
	WriterPrompt     int     `json:"writer_prompt_tokens"`
	CompletionTokens []int   `json:"completion_tokens"`
	ModelMinutes     float64 `json:"model_minutes"`
}

// Item is a checklist item with the keyword groups that recognise a
// sentence serving it (every word of one group, case-insensitive).
type Item struct {
	Text     string     `json:"text"`
	Keywords [][]string `json:"keywords"`
	// Each: every keyword group names one of the things the item asks
	// about, and the item needs a sentence for each ("which of Quillnote,
	// Marginalia and Inkwell..."); otherwise the groups are alternatives.
	Each bool `json:"each,omitempty"`
}

// Serves reports whether sentence serves the item; units match in any
// spelling ("50 g" serves "50 grams").
func (it Item) Serves(sentence string) bool { return len(it.groupsServed(sentence)) > 0 }

// groupsServed are the keyword groups of the item that sentence holds
// every word of.
func (it Item) groupsServed(sentence string) []int {
	s := sameUnits(sentence)
	var out []int
	for g, group := range it.Keywords {
		all := len(group) > 0
		for _, k := range group {
			if !strings.Contains(s, sameUnits(k)) {
				all = false
				break
			}
		}
		if all {
			out = append(out, g)
		}
	}
	return out
}

// ErrNoTasks is returned by LoadTasks for a folder without tasks, such as
// the default relative folder seen from outside the source tree.
var ErrNoTasks = errors.New("no benchmark tasks")

// LoadTasks reads every task under dir, sorted by id.
func LoadTasks(dir string) ([]Task, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*", "task.json"))
	if err != nil {
		return nil, err
	}
	var tasks []Task
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var t Task
		if err := json.Unmarshal(data, &t); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if t.ID == "" || t.Objective == "" || len(t.Checklist) == 0 || (t.Parent != nil && (t.Parent.Objective == "" || len(t.Parent.Checklist) == 0)) {
			return nil, fmt.Errorf("%s: a task needs an id, an objective and a checklist", p)
		}
		t.dir = filepath.Dir(p)
		tasks = append(tasks, t)
	}
	if len(tasks) == 0 {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		return nil, fmt.Errorf("%w in %s (each task is a folder with a task.json)", ErrNoTasks, dir)
	}
	sort.Slice(tasks, func(i, j int) bool { return order(tasks[i].ID) < order(tasks[j].ID) })
	return tasks, nil
}

// order lists the kinds as the issues do; others sort after.
func order(id string) string {
	for i, k := range []string{"factual", "list", "comparison", "howto", "docs", "opinion", "explain", "seed", "siblings", "condition", "german", "chinese"} {
		if id == k {
			return fmt.Sprintf("%02d", i)
		}
	}
	return "9" + id
}

// sameUnits lower-cases text and writes a unit after a number in one
// spelling, so a check written "50 grams" holds "50 g" and "50 grams" alike:
// a model is free to shorten units, and so is the transcript style.
func sameUnits(text string) string {
	return unitAfterNumber.ReplaceAllStringFunc(strings.ToLower(text), func(m string) string {
		sub := unitAfterNumber.FindStringSubmatch(m)
		return sub[1] + " " + oneUnit[sub[2]]
	})
}

var (
	unitAfterNumber = regexp.MustCompile(`(\d)\s?(metres|meters|metre|meter|m|feet|foot|ft|kilometres|kilometers|km|kilograms|kg|grams|gram|g)\b`)
	oneUnit         = map[string]string{"metres": "m", "meters": "m", "metre": "m", "meter": "m", "m": "m", "feet": "ft", "foot": "ft", "ft": "ft",
		"kilometres": "km", "kilometers": "km", "km": "km", "kilograms": "kg", "kg": "kg", "grams": "g", "gram": "g", "g": "g"}
)
