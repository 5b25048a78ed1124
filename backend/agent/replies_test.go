package agent

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// replyCase is one reply a small model plausibly writes at one point of
// a run, and what Scout should make of it.
type replyCase struct {
	name  string
	stage string // start, results, page, found: what the run did before the reply
	reply string
	// accepted with this meaning: the action, and what it comes to
	// (the query searched, the address opened, the part read, the
	// finding's text, "finished")
	action, meaning string
	items           []int // a finding's items, when they matter
	// refused (or asked once) with a note that says this
	says string
}

// stages are the actions a run takes before the reply under test.
var stages = map[string][]string{
	"start":   nil,
	"results": {search1},
	"page":    {search1, openKili},
	"found":   {search1, openKili, act(ActDiscover, finding1, "")},
}

const kiliSentence = "Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level."

// replyOutcome runs the case and says what happened to the reply: the
// action taken and its meaning, or the note that sent it back.
func replyOutcome(t *testing.T, tc replyCase) (action, meaning string, items []int, note string) {
	replies := map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindCoverage:  {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]},{"item":3,"findings":[1],"covered":true,"missing":"","names":[]}]}`},
		KindWriter:    {`{"result":"Mount Kilimanjaro [1]."}`},
	}
	var prefix []string
	switch tc.stage {
	case "checklist": // the reply is the checklist
		replies[KindChecklist] = []string{tc.reply}
		prefix = []string{search1}
	case "coverage": // the reply is the coverage check's, asked for a finding that serves no item
		replies[KindCoverage] = []string{tc.reply}
		prefix = []string{search1, openKili, act(ActDiscover, finding1, ""), act(ActDiscover, untiedFinding, ""), act(ActFinish, "Mount Kilimanjaro.", "Done.")}
	case "writer": // the reply is the writer's
		replies[KindWriter] = []string{tc.reply}
		prefix = []string{search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Mount Kilimanjaro.", "1 [1], 2 [1], 3 [1]")}
	default:
		prefix = append(append([]string(nil), stages[tc.stage]...), tc.reply)
	}
	replies[KindAction] = prefix
	cfg, _, rec, _ := newRun(t, replies)
	cfg.MaxTurns = len(prefix)
	if tc.stage == "coverage" {
		// A FINISH sent back for gaps ends its turn, and the FINISH sent
		// again at once has Scout take a step in its place (insist.go).
		cfg.MaxTurns += 2
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	switch tc.stage {
	case "checklist":
		var its []string
		for _, it := range res.Checklist {
			its = append(its, it.Text)
		}
		return "checklist", strings.Join(its, "; "), nil, ""
	case "coverage":
		return "coverage", fmt.Sprintf("%s, %d not found, %d coverage calls", res.Status, len(res.NotFound), res.Calls[KindCoverage]), nil, ""
	case "writer":
		return "writer", res.Answer, nil, ""
	}
	turn := cfg.MaxTurns
	for _, e := range rec.events {
		if e.Turn != turn {
			continue
		}
		switch e.Type {
		case EvAction:
			if action == "" {
				action = e.Action
			}
		case EvRefused:
			if note == "" {
				note = e.Reason
			}
		case EvSearched:
			meaning = e.Query
		case EvPageOpened:
			meaning = e.URL
		case EvPartShown:
			if meaning == "" {
				meaning = fmt.Sprint(e.Part)
			}
		case EvFinding:
			meaning, items = e.Finding.Text, e.Finding.Items
		}
	}
	if action == ActFinish && res.Status == StatusFinished {
		meaning = "finished"
	}
	return action, meaning, items, note
}

// judge classes an outcome: right (accepted with its meaning, or refused
// with the note that says what to write), wrongly refused, wrongly
// accepted.
func judge(tc replyCase, action, meaning string, items []int, note string) string {
	if tc.says != "" {
		switch {
		case note != "" && strings.Contains(note, tc.says):
			return "refused-right"
		case note != "":
			return "refused-unclear"
		}
		return "wrongly-accepted"
	}
	if note != "" && meaning == "" {
		return "wrongly-refused"
	}
	exact := tc.action != ActDiscover
	if action != tc.action || (exact && meaning != tc.meaning) || !strings.Contains(meaning, tc.meaning) || strings.Contains(meaning, `["`) || strings.Contains(meaning, `{"`) || (tc.items != nil && !reflect.DeepEqual(items, tc.items)) {
		return "wrongly-accepted"
	}
	return "accepted-right"
}

func TestRepliesSmallModelsWrite(t *testing.T) {
	totals := map[string]int{}
	var table []string
	for i, tc := range replyCases {
		action, meaning, items, note := replyOutcome(t, tc)
		class := judge(tc, action, meaning, items, note)
		totals[class]++
		table = append(table, fmt.Sprintf("| %d | %s | %s | %s | %s %q %v | %s |", i+1, tc.stage, tc.name, class, action, clip(meaning, 60), items, clip(strings.ReplaceAll(note, "\n", " "), 160)))
		if class != "accepted-right" && class != "refused-right" {
			t.Errorf("%s (%s): %s: action %s meaning %q items %v note %q", tc.name, tc.stage, class, action, meaning, items, note)
		}
	}
	if out := os.Getenv("REPLY_TABLE"); out != "" {
		body := strings.Join(table, "\n") + fmt.Sprintf("\n\ntotals: %v\n", totals)
		_ = os.WriteFile(out, []byte(body), 0o644)
	}
	t.Logf("totals: %v", totals)
}

func j(thought, action, param string) string { return act(action, param, thought) }

var replyCases = []replyCase{
	// SEARCH, as the first action.
	{name: "json in a fence", stage: "start", reply: "```json\n" + j("Search first.", "SEARCH", "tallest mountain in Africa") + "\n```", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "prose before", stage: "start", reply: "Sure! Here is my next action:\n\n" + j("Search first.", "SEARCH", "tallest mountain in Africa"), action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "prose after", stage: "start", reply: j("Search first.", "SEARCH", "tallest mountain in Africa") + "\n\nI will wait for the search results before deciding.", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "gemma fence with pretty JSON", stage: "start", reply: "```json\n{\n  \"thought_process\": \"I need to search.\",\n  \"action\": \"SEARCH\",\n  \"parameter\": \"tallest mountain in Africa\"\n}\n```\n", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "think block", stage: "start", reply: "<think>\nThe user wants {the} tallest mountain.\n</think>\n" + j("", "SEARCH", "tallest mountain in Africa"), action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "keys capitalised", stage: "start", reply: `{"Thought": "Search first.", "Action": "SEARCH", "Parameter": "tallest mountain in Africa"}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "query key", stage: "start", reply: `{"thought_process": "", "action": "SEARCH", "query": "tallest mountain in Africa"}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "react action_input", stage: "start", reply: `{"action": "Search", "action_input": "tallest mountain in Africa"}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "qwen tool_call", stage: "start", reply: "<tool_call>\n{\"name\": \"SEARCH\", \"arguments\": {\"parameter\": \"tallest mountain in Africa\"}}\n</tool_call>", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "llama python_tag", stage: "start", reply: `<|python_tag|>{"name": "search", "parameters": {"query": "tallest mountain in Africa"}}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "mistral TOOL_CALLS", stage: "start", reply: `[TOOL_CALLS] [{"name": "SEARCH", "arguments": {"query": "tallest mountain in Africa"}}]`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "action with colon", stage: "start", reply: `{"thought_process": "", "action": "search:", "parameter": "tallest mountain in Africa"}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "action holds the query", stage: "start", reply: `{"thought_process": "", "action": "SEARCH: tallest mountain in Africa", "parameter": ""}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "action web_search", stage: "start", reply: `{"thought_process": "", "action": "web_search", "parameter": "tallest mountain in Africa"}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "parameter as object", stage: "start", reply: `{"thought_process": "", "action": "SEARCH", "parameter": {"query": "tallest mountain in Africa"}}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "parameter as list", stage: "start", reply: `{"thought_process": "", "action": "SEARCH", "parameter": ["tallest mountain in Africa", "Kilimanjaro height"]}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "single quotes", stage: "start", reply: `{'thought_process': 'Search first.', 'action': 'SEARCH', 'parameter': 'tallest mountain in Africa'}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "trailing comma", stage: "start", reply: "{\"thought_process\": \"Search first.\", \"action\": \"SEARCH\", \"parameter\": \"tallest mountain in Africa\",}", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "newline inside the thought", stage: "start", reply: "{\"thought_process\": \"I need the mountain.\nThen its height.\", \"action\": \"SEARCH\", \"parameter\": \"tallest mountain in Africa\"}", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "prose ReAct lines", stage: "start", reply: "Thought: I should search first.\nAction: SEARCH\nParameter: tallest mountain in Africa", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "prose Action Input", stage: "start", reply: "Action: Search\nAction Input: \"tallest mountain in Africa\"", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "markdown bold labels", stage: "start", reply: "**Thought:** I should search first.\n**Action:** SEARCH\n**Parameter:** tallest mountain in Africa", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "operators", stage: "start", reply: j("", "SEARCH", `"tallest mountain" Africa site:wikipedia.org`), action: ActSearch, meaning: "tallest mountain Africa"},
	{name: "quoted query", stage: "start", reply: j("", "SEARCH", `"tallest mountain in Africa"`), action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "chinese query", stage: "start", reply: j("我需要先搜索非洲最高的山。", "SEARCH", "非洲最高的山 海拔"), action: ActSearch, meaning: "非洲最高的山 海拔"},
	{name: "two objects", stage: "start", reply: j("", "SEARCH", "tallest mountain in Africa") + "\n" + j("", "NAVIGATE", "R1"), action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "extra keys", stage: "start", reply: `{"thought_process": "", "action": "SEARCH", "parameter": "tallest mountain in Africa", "expected_outcome": "a list of pages"}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "nested action object", stage: "start", reply: `{"thought_process": "Search first.", "action": {"name": "SEARCH", "parameter": "tallest mountain in Africa"}}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "empty query", stage: "start", reply: j("", "SEARCH", ""), says: "SEARCH needs a query"},
	{name: "long thought cut off", stage: "start", reply: `{"thought_process": "To find the tallest mountain in Africa I will first consider the mountains of East Africa, which include`, says: "keep thought_process to one short sentence"},
	{name: "echo of the observation", stage: "start", reply: "Turn 1: SEARCH \"tallest mountain in Africa\" gave 2 results:\nR1. Mount Kilimanjaro - Wiki", says: `Reply with only the JSON object`},
	{name: "unknown action", stage: "start", reply: j("", "CLICK", "R1"), says: "SEARCH, NAVIGATE, READ_MORE, DISCOVER, FINISH"},
	{name: "finish before findings", stage: "start", reply: j("", "FINISH", "Kilimanjaro"), says: "recorded no findings yet"},

	// NAVIGATE, after the search.
	{name: "result number", stage: "results", reply: j("", "NAVIGATE", "R1"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "bare number after a search", stage: "results", reply: j("", "NAVIGATE", "1"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "number as a JSON number", stage: "results", reply: `{"thought_process": "", "action": "NAVIGATE", "parameter": 2}`, action: ActNavigate, meaning: base + "/wiki/Mount_Kenya"},
	{name: "result number with its title", stage: "results", reply: j("", "NAVIGATE", "R1: Mount Kilimanjaro - Wiki"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "result number with title in brackets", stage: "results", reply: j("", "NAVIGATE", "R2 (Mount Kenya - Wiki)"), action: ActNavigate, meaning: base + "/wiki/Mount_Kenya"},
	{name: "url without scheme", stage: "results", reply: j("", "NAVIGATE", "wiki.test/wiki/Kilimanjaro"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "https for http", stage: "results", reply: j("", "NAVIGATE", "https://wiki.test/wiki/Kilimanjaro"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "tracking params", stage: "results", reply: j("", "NAVIGATE", base+"/wiki/Kilimanjaro?utm_source=chatgpt.com"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "fragment", stage: "results", reply: j("", "NAVIGATE", base+"/wiki/Kilimanjaro#Geology"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "trailing slash", stage: "results", reply: j("", "NAVIGATE", base+"/wiki/Kilimanjaro/"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "title without site", stage: "results", reply: j("", "NAVIGATE", "Mount Kilimanjaro"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "url key", stage: "results", reply: `{"thought_process": "", "action": "NAVIGATE", "url": "` + base + `/wiki/Kilimanjaro"}`, action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "url in an object", stage: "results", reply: `{"thought_process": "", "action": "NAVIGATE", "parameter": {"url": "` + base + `/wiki/Kilimanjaro"}}`, action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "action open_url", stage: "results", reply: j("", "open_url", "R1"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "action browse", stage: "results", reply: j("", "BROWSE", "R1"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "invented url", stage: "results", reply: j("", "NAVIGATE", "https://en.wikipedia.org/wiki/Mount_Kilimanjaro"), says: "NAVIGATE only to one of those, by URL or by its number"},
	{name: "link number with no page", stage: "results", reply: j("", "NAVIGATE", "L1"), says: "NAVIGATE only to one of those"},

	// READ_MORE, after a finding from part 1.
	{name: "read more empty", stage: "found", reply: j("", "READ_MORE", ""), action: ActReadMore, meaning: "2"},
	{name: "read more number", stage: "found", reply: `{"thought_process": "", "action": "READ_MORE", "parameter": 2}`, action: ActReadMore, meaning: "2"},
	{name: "Read_More next", stage: "found", reply: j("", "Read_More", "next"), action: ActReadMore, meaning: "2"},
	{name: "read more spaced", stage: "found", reply: j("", "read more", "part 2"), action: ActReadMore, meaning: "2"},
	{name: "scroll down", stage: "found", reply: j("", "SCROLL_DOWN", ""), action: ActReadMore, meaning: "2"},
	{name: "continue reading", stage: "found", reply: j("", "CONTINUE_READING", ""), action: ActReadMore, meaning: "2"},
	{name: "part as object", stage: "found", reply: `{"thought_process": "", "action": "READ_MORE", "parameter": {"part": 2}}`, action: ActReadMore, meaning: "2"},
	{name: "part 2 of 2", stage: "found", reply: j("", "READ_MORE", "Part 2 of 2"), action: ActReadMore, meaning: "2"},
	{name: "part number as string with hash", stage: "found", reply: j("", "READ_MORE", "#2"), action: ActReadMore, meaning: "2"},
	{name: "read past the end", stage: "found", reply: j("", "READ_MORE", "3"), says: "only 2 parts"},
	{name: "link number after reading", stage: "found", reply: j("", "NAVIGATE", "L1"), action: ActNavigate, meaning: base + "/wiki/Mount_Kenya"},
	{name: "link text", stage: "found", reply: j("", "NAVIGATE", "Mount Kenya"), action: ActNavigate, meaning: base + "/wiki/Mount_Kenya"},

	// DISCOVER, on the open page.
	{name: "finding with items", stage: "page", reply: j("", "DISCOVER", finding1), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "finding without items", stage: "page", reply: j("The page gives the height.", "DISCOVER", kiliSentence), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "according to the page", stage: "page", reply: j("", "DISCOVER", "According to the page, Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level."), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "quote with source url", stage: "page", reply: j("", "DISCOVER", `"`+kiliSentence+`" (source: `+base+`/wiki/Kilimanjaro)`), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "source title after", stage: "page", reply: j("", "DISCOVER", "[1,2,3] "+kiliSentence+" Source: Mount Kilimanjaro - Wiki"), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "finding label", stage: "page", reply: j("", "DISCOVER", "Finding: "+kiliSentence), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "bullets of page words", stage: "page", reply: j("", "DISCOVER", "[1,2,3]\n- Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa\n- rising 5,895 metres (19,341 ft) above sea level"), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "bullets with labels", stage: "page", reply: j("", "DISCOVER", "- Highest mountain in Africa: Mount Kilimanjaro\n- Height: 5,895 metres\n- Height in feet: 19,341 ft"), action: ActDiscover, meaning: "5,895 metres", says: ""},
	{name: "bullets labelled with another name", stage: "page", reply: j("", "DISCOVER", "- Everest: the highest mountain in Africa\n- Height: 5,895 metres"), says: "does not say Everest"},
	{name: "items range", stage: "page", reply: j("", "DISCOVER", "Items 1-3: "+kiliSentence), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "items each bracketed", stage: "page", reply: j("", "DISCOVER", "[1][2][3] "+kiliSentence), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "items as 'Item 2 and 3'", stage: "page", reply: j("", "DISCOVER", "[Item 2 and 3] Mount Kilimanjaro is rising 5,895 metres (19,341 ft) above sea level."), action: ActDiscover, meaning: "5,895 metres", items: []int{2, 3}},
	{name: "finding as object", stage: "page", reply: `{"thought_process": "", "action": "DISCOVER", "parameter": {"items": [1, 2, 3], "finding": "` + kiliSentence + `"}}`, action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "finding as list", stage: "page", reply: `{"thought_process": "", "action": "DISCOVER", "parameter": ["Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa", "rising 5,895 metres (19,341 ft) above sea level"]}`, action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "newline inside the finding", stage: "page", reply: "{\"thought_process\": \"\", \"action\": \"DISCOVER\", \"parameter\": \"[1,2,3] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa,\nrising 5,895 metres (19,341 ft) above sea level.\"}", action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "number without comma", stage: "page", reply: j("", "DISCOVER", "[2,3] Mount Kilimanjaro rises 5895 metres (19341 ft) above sea level."), action: ActDiscover, meaning: "5895", items: []int{2, 3}},
	{name: "units spelled otherwise", stage: "page", reply: j("", "DISCOVER", "[2,3] Mount Kilimanjaro is rising 5,895 m (19,341 feet) above sea level."), action: ActDiscover, meaning: "5,895 m", items: []int{2, 3}},
	{name: "action record_finding", stage: "page", reply: j("", "record_finding", finding1), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "action discovery", stage: "page", reply: j("", "Discovery", finding1), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "invented detail", stage: "page", reply: j("", "DISCOVER", "[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, first climbed in 1889 by Hans Meyer."), says: "does not say 1889, Hans, Meyer"},
	{name: "wrong number", stage: "page", reply: j("", "DISCOVER", "[2] Mount Kilimanjaro is the highest mountain in Africa, rising 5,985 metres above sea level."), says: "does not say 5,985"},
	{name: "german translation", stage: "page", reply: j("", "DISCOVER", "Der Kilimandscharo ist mit 5.895 Metern der höchste Berg Afrikas."), says: "Record only what the page says"},
	{name: "own knowledge", stage: "page", reply: j("", "DISCOVER", "[2] Everest base camp sits at 5,364 m in Nepal."), says: "far from anything on the page"},
	{name: "empty finding", stage: "page", reply: j("Kilimanjaro is 5,895 m.", "DISCOVER", ""), says: "finding is empty"},

	// FINISH, after the finding.
	{name: "finish with account", stage: "found", reply: j("1 [1], 2 [1], 3 [1]", "FINISH", "Mount Kilimanjaro, 5,895 m (19,341 ft)."), action: ActFinish, meaning: "finished"},
	{name: "finish with the whole answer", stage: "found", reply: j("All items are covered by finding 1.", "FINISH", "The tallest mountain in Africa is Mount Kilimanjaro.\n\n- Height: 5,895 metres\n- Height: 19,341 feet\n\nIt is a dormant volcano in Tanzania."), action: ActFinish, meaning: "finished"},
	{name: "final answer", stage: "found", reply: j("", "Final Answer", "Mount Kilimanjaro, 5,895 m (19,341 ft)."), action: ActFinish, meaning: "finished"},
	{name: "finished", stage: "found", reply: j("", "FINISHED", "Mount Kilimanjaro."), action: ActFinish, meaning: "finished"},
	{name: "complete", stage: "found", reply: j("", "COMPLETE", "Mount Kilimanjaro."), action: ActFinish, meaning: "finished"},
	{name: "answer key", stage: "found", reply: `{"thought_process": "1 [1], 2 [1], 3 [1]", "action": "FINISH", "answer": "Mount Kilimanjaro, 5,895 m (19,341 ft)."}`, action: ActFinish, meaning: "finished"},
	{name: "finish param object", stage: "found", reply: `{"thought_process": "1 [1], 2 [1], 3 [1]", "action": "FINISH", "parameter": {"answer": "Mount Kilimanjaro."}}`, action: ActFinish, meaning: "finished"},
	{name: "react final answer prose", stage: "found", reply: "Thought: I have everything.\nAction: FINISH\nAction Input: Mount Kilimanjaro is 5,895 m (19,341 ft) tall.", action: ActFinish, meaning: "finished"},

	// A second batch, written after the fixes for the first, to check
	// they hold for replies they were not made for.
	{name: "json after a markdown heading", stage: "start", reply: "### Action\n```\n" + j("", "SEARCH", "tallest mountain in Africa") + "\n```", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "escaped apostrophe", stage: "start", reply: `{"thought_process": "Let\'s search.", "action": "SEARCH", "parameter": "Africa\'s tallest mountain"}`, action: ActSearch, meaning: "Africa's tallest mountain"},
	{name: "comment in the JSON", stage: "start", reply: "{\n  \"thought_process\": \"Search first.\", // start broad\n  \"action\": \"SEARCH\",\n  \"parameter\": \"tallest mountain in Africa\"\n}", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "end of sequence token", stage: "start", reply: j("", "SEARCH", "tallest mountain in Africa") + "</s>", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "openai function shape", stage: "start", reply: `{"type": "function", "function": {"name": "SEARCH", "arguments": "{\"query\": \"tallest mountain in Africa\"}"}}`, action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "action with parameter in call syntax", stage: "start", reply: "Action: SEARCH[tallest mountain in Africa]", action: ActSearch, meaning: "tallest mountain in Africa"},
	{name: "numbered-list echo of the system prompt", stage: "start", reply: "Actions:\n- SEARCH: a web search query.\n- NAVIGATE: a URL from the results", says: "Reply with only the JSON object"},
	{name: "result number and comma", stage: "results", reply: j("", "NAVIGATE", "R1, Mount Kilimanjaro - Wiki"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "the first result", stage: "results", reply: j("", "NAVIGATE", "the first result"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "url inside a sentence", stage: "results", reply: j("", "NAVIGATE", "Open "+base+"/wiki/Kilimanjaro to find the height"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "www added", stage: "results", reply: j("", "NAVIGATE", "http://www.wiki.test/wiki/Kilimanjaro"), action: ActNavigate, meaning: base + "/wiki/Kilimanjaro"},
	{name: "markdown link with title", stage: "results", reply: j("", "NAVIGATE", "[Mount Kenya - Wiki]("+base+"/wiki/Mount_Kenya)"), action: ActNavigate, meaning: base + "/wiki/Mount_Kenya"},
	{name: "another page on the site", stage: "results", reply: j("", "NAVIGATE", "wiki.test/wiki/Mount_Everest"), says: "NAVIGATE only to one of those"},
	{name: "section name", stage: "found", reply: j("", "READ_MORE", "Climate"), action: ActReadMore, meaning: "2"},
	{name: "page 2", stage: "found", reply: j("", "READ_MORE", "page 2"), action: ActReadMore, meaning: "2"},
	{name: "read more with colon", stage: "found", reply: `{"thought_process": "", "action": "Read More: 2", "parameter": ""}`, action: ActReadMore, meaning: "2"},
	{name: "bold markdown finding", stage: "page", reply: j("", "DISCOVER", "[1,2,3] **Mount Kilimanjaro** is the highest mountain in Africa, rising **5,895 metres (19,341 ft)** above sea level."), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "numbered findings", stage: "page", reply: j("", "DISCOVER", "1. Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa.\n2. It is rising 5,895 metres (19,341 ft) above sea level."), action: ActDiscover, meaning: "5,895 metres"},
	{name: "items only, finding in the thought", stage: "page", reply: j("Mount Kilimanjaro rises 5,895 metres.", "DISCOVER", "[1,2]"), says: "finding is empty"},
	{name: "the example from the prompt", stage: "page", reply: j("", "DISCOVER", "[1,2] The Danube is 2,850 km long and flows through ten countries."), says: "Record only what the page says"},
	{name: "source as a markdown link", stage: "page", reply: j("", "DISCOVER", kiliSentence+" [Source]("+base+"/wiki/Kilimanjaro)"), action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "finding with type key", stage: "page", reply: `{"thought_process": "", "action": "DISCOVER", "parameter": {"checklist_items": "1, 2, 3", "text": "` + kiliSentence + `"}}`, action: ActDiscover, meaning: "5,895 metres", items: []int{1, 2, 3}},
	{name: "finish without parameter", stage: "found", reply: j("1 [1], 2 [1], 3 [1]. The answer is Mount Kilimanjaro.", "FINISH", ""), action: ActFinish, meaning: "finished"},
	{name: "finish as done in prose", stage: "found", reply: "All checklist items are covered.\n\nAction: DONE\nParameter: Mount Kilimanjaro, 5,895 m (19,341 ft).", action: ActFinish, meaning: "finished"},
	{name: "checklist in bold list", stage: "checklist", reply: "**Checklist:**\n1. **the tallest mountain in Africa**\n2. **its height in meters**\n3. **its height in feet**", action: "checklist", meaning: kiliItems},
	{name: "checklist with explanation after", stage: "checklist", reply: kiliChecklist() + "\n\nThese items cover the name and both heights.", action: "checklist", meaning: kiliItems},
	{name: "coverage covered as 1", stage: "coverage", reply: `{"items":[{"item":1,"findings":[1],"covered":1,"missing":""},{"item":2,"findings":[1],"covered":1,"missing":""},{"item":3,"findings":[],"covered":0,"missing":"the height of Mount Kenya in feet"}]}`, action: "coverage", meaning: coverageMeaning},
	{name: "coverage items named", stage: "coverage", reply: `{"items":[{"item":"Item 1","findings":"[1]","covered":true,"missing":""},{"item":"Item 2","findings":"1","covered":true,"missing":""},{"item":"Item 3","findings":"none","covered":false,"missing":"the height of Mount Kenya in feet"}]}`, action: "coverage", meaning: coverageMeaning},
	{name: "writer with citations key", stage: "writer", reply: `{"result": "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].", "citations": [1]}`, action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."},
	{name: "writer single quotes", stage: "writer", reply: `{'result': 'Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].'}`, action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."},

	// What the loose reading must still refuse.
	{name: "a title never offered", stage: "results", reply: j("", "NAVIGATE", "Mount Everest - Wiki"), says: "NAVIGATE only to one of those"},
	{name: "an ordinal past the results", stage: "results", reply: j("", "NAVIGATE", "the tenth result"), says: "NAVIGATE only to one of those"},
	{name: "a sentence with an address never offered", stage: "results", reply: j("", "NAVIGATE", "Open https://en.wikipedia.org/wiki/Kilimanjaro for the height"), says: "NAVIGATE only to one of those"},
	{name: "a heading the page lacks", stage: "found", reply: j("", "READ_MORE", "Geology"), says: "READ_MORE takes"},
	{name: "attributed to the page, not on it", stage: "page", reply: j("", "DISCOVER", "According to the page, Mount Kilimanjaro was first climbed in 1889."), says: "Record only what the page says"},
	{name: "a range of items on another mountain", stage: "page", reply: j("", "DISCOVER", "[1-3] Mount Everest is the highest mountain in Africa."), says: "does not say Everest"},
	{name: "final answer before findings", stage: "start", reply: "Action: Final Answer\nAction Input: Kilimanjaro", says: "recorded no findings yet"},
	{name: "search object with options", stage: "start", reply: `{"action": "SEARCH", "parameter": {"query": "tallest mountain in Africa", "num_results": 5}}`, action: ActSearch, meaning: "tallest mountain in Africa"},

	// The checklist.
	{name: "checklist as asked", stage: "checklist", reply: kiliChecklist(), action: "checklist", meaning: kiliItems},
	{name: "checklist in a fence with prose", stage: "checklist", reply: "Here is the checklist:\n```json\n" + kiliChecklist() + "\n```", action: "checklist", meaning: kiliItems},
	{name: "checklist as a bare array", stage: "checklist", reply: `["the tallest mountain in Africa", "its height in meters", "its height in feet"]`, action: "checklist", meaning: kiliItems},
	{name: "checklist as a numbered list", stage: "checklist", reply: "1. the tallest mountain in Africa\n2. its height in meters\n3. its height in feet", action: "checklist", meaning: kiliItems},
	{name: "checklist under another key", stage: "checklist", reply: `{"checklist": ["the tallest mountain in Africa", "its height in meters", "its height in feet"]}`, action: "checklist", meaning: kiliItems},
	{name: "checklist items as objects", stage: "checklist", reply: `{"items": [{"item": "the tallest mountain in Africa"}, {"item": "its height in meters"}, {"item": "its height in feet"}]}`, action: "checklist", meaning: kiliItems},
	{name: "checklist trailing comma", stage: "checklist", reply: `{"items": ["the tallest mountain in Africa", "its height in meters", "its height in feet",]}`, action: "checklist", meaning: kiliItems},
	{name: "checklist single quotes", stage: "checklist", reply: `{'items': ['the tallest mountain in Africa', 'its height in meters', 'its height in feet']}`, action: "checklist", meaning: kiliItems},

	// The coverage check: items 1 and 2 covered, item 3 not (a claim
	// code keeps), so the FINISH is sent back once, then accepted.
	{name: "coverage as asked", stage: "coverage", reply: `{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]},{"item":3,"findings":[],"covered":false,"missing":"the height of Mount Kenya in feet","names":[]}]}`, action: "coverage", meaning: coverageMeaning},
	{name: "coverage numbers as strings", stage: "coverage", reply: `{"items":[{"item":"1","findings":["1"],"covered":"true","missing":""},{"item":"2","findings":["1"],"covered":"yes","missing":""},{"item":"3","findings":[],"covered":"false","missing":"the height of Mount Kenya in feet"}]}`, action: "coverage", meaning: coverageMeaning},
	{name: "coverage in a fence with prose", stage: "coverage", reply: "Item 3 is not covered:\n```json\n{\"items\":[{\"item\":1,\"findings\":[1],\"covered\":true,\"missing\":\"\"},{\"item\":2,\"findings\":[1],\"covered\":true,\"missing\":\"\"},{\"item\":3,\"findings\":[],\"covered\":false,\"missing\":\"the height of Mount Kenya in feet\"}]}\n```", action: "coverage", meaning: coverageMeaning},
	{name: "coverage as a bare array", stage: "coverage", reply: `[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""},{"item":3,"findings":[],"covered":false,"missing":"the height of Mount Kenya in feet"}]`, action: "coverage", meaning: coverageMeaning},
	{name: "coverage finding as a number", stage: "coverage", reply: `{"items":[{"item":1,"findings":1,"covered":true,"missing":""},{"item":2,"findings":1,"covered":true,"missing":""},{"item":3,"findings":null,"covered":false,"missing":"the height of Mount Kenya in feet"}]}`, action: "coverage", meaning: coverageMeaning},
	{name: "coverage trailing commas", stage: "coverage", reply: `{"items":[{"item":1,"findings":[1],"covered":true,"missing":"",},{"item":2,"findings":[1],"covered":true,"missing":"",},{"item":3,"findings":[],"covered":false,"missing":"the height of Mount Kenya in feet",},]}`, action: "coverage", meaning: coverageMeaning},

	// The writer.
	{name: "writer as asked", stage: "writer", reply: `{"result":"Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."}`, action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."},
	{name: "writer in a fence with prose", stage: "writer", reply: "Here is the result:\n```json\n{\"result\": \"Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].\"}\n```", action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."},
	{name: "writer prose", stage: "writer", reply: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].", action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."},
	{name: "writer under another key", stage: "writer", reply: `{"answer": "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."}`, action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1]."},
	{name: "writer newline in the string", stage: "writer", reply: "{\"result\": \"Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].\n\nIt is in Tanzania [1].\"}", action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].\n\nIt is in Tanzania [1]."},
	{name: "writer result as a list", stage: "writer", reply: `{"result": ["Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].", "It is in Tanzania [1]."]}`, action: "writer", meaning: "Mount Kilimanjaro is 5,895 metres (19,341 ft) tall [1].\n\nIt is in Tanzania [1]."},
}

const untiedFinding = "The slopes rise through farmland, forest, heath and alpine desert before the ice of the summit."

// coverageMeaning: the coverage answer read right keeps item 3 open, so
// the FINISH is sent back, Scout takes a step for the FINISH sent again
// at once, and the third is accepted: a coverage call for each.
const coverageMeaning = "finished, 1 not found, 3 coverage calls"

const kiliItems = "the tallest mountain in Africa; its height in meters; its height in feet"
