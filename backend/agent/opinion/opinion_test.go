package opinion

import "testing"

// Opinion items in the phrasings a checklist call writes for objectives
// that ask for a view ("research how spiritual traditions view cats and
// then form an opinion", the ancestor's own task), and look-alikes that
// ask for views the pages hold: those are sourced items, to be answered by
// findings like any other.
func TestOpinionItemPhrasings(t *testing.T) {
	for _, tc := range []struct {
		item    string
		opinion bool
	}{
		// The agent's own view, asked for outright.
		{"form an opinion", true},
		{"Form an opinion on how spiritual traditions view cats", true},
		{"then form your own opinion about it", true},
		{"an opinion on whether cats are sacred", true},
		{"An opinion about standing desks", true},
		{"opinion on which suite is best", true},
		{"a personal opinion", true},
		{"personal opinion on the findings", true},
		{"my view", true},
		{"my view on whether it is worth visiting", true},
		{"your view", true},
		{"your own take on the debate", true},
		{"in your opinion, which is better", true},
		{"what you think of the three editors", true},
		{"what do you think about cold brew", true},
		{"give a short verdict", true},
		{"a verdict on which laptop to buy", true},
		{"a view on whether the policy works", true},
		{"state a clear recommendation", true},
		{"a recommendation", true},
		{"recommend", true},
		{"recommend which to install", true},
		{"worth it", true},
		{"whether the upgrade is worth it", true},
		{"is it worth the hype", true},
		{"which would you choose", true},
		{"which one would you pick for a small flat", true},
		{"which should I buy", true},
		{"which one to choose for a beginner", true},
		{"the better choice for me", true},
		{"whether it is worth upgrading", true},
		{"which language should I learn first", true},
		{"advice on whether to upgrade", true},
		{"your view on what the critics quoted on the page think", true},
		// Views the pages hold: sourced items, not the agent's.
		{"what critics quoted on the page think", false},
		{"the reviewers' opinion of the film", false},
		{"the reviewers’ opinion of the film", false},
		{"public opinion polls on nuclear power", false},
		{"how spiritual traditions view cats", false},
		{"how Buddhism views cats", false},
		{"expert opinion on intermittent fasting", false},
		{"experts' views on standing desks", false},
		{"opinions on standing desks from users", false},
		{"views of Hindu traditions on cats", false},
		{"the author's view on remote work", false},
		{"the Holy Spirit's view on forgiveness", false},
		{"what's your take on it", true},
		{"their opinion of the new law", false},
		{"the majority opinion in the case", false},
		{"opinion pieces about the election", false},
		{"what doctors think about cold brew", false},
		{"what reviewers say about whether it is worth it", false},
		{"whether travellers think it is worth visiting", false},
		{"the recommendation of the WHO", false},
		{"recommendations from the manufacturer", false},
		{"the settings the manufacturer recommends", false},
		{"the recommended water temperature", false},
		{"how much sleep is recommended for adults", false},
		{"the view from the summit", false},
		{"the opinion of Buddhist scholars", false},
		{"which flour should you use for bread", false},
		// Not about views at all.
		{"how long should you knead the dough", false},
		{"how often should I water a cactus", false},
		{"the height of Kilimanjaro in metres", false},
		{"three free and open-source office suites", false},
		{"the years each tradition was founded", false},
	} {
		if got := Is(tc.item); got != tc.opinion {
			t.Errorf("Is(%q) = %v, want %v", tc.item, got, tc.opinion)
		}
	}
}
