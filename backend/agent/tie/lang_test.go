package tie

import (
	"slices"
	"testing"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/opinion"
)

// The rules read an objective, its checklist and findings in each language
// Scout has words for: the count asked, the conditions set, the items that
// ask for the agent's own view, and a finding that shows the first
// condition (its price: free) beside those that deny it.
func TestRulesInEachLanguage(t *testing.T) {
	cases := []struct {
		lang      string
		objective string
		count     int
		conds     []string
		items     []string
		opinions  []int // the numbers of the items that ask for a view
		shows     string
		denies    []string
	}{
		{"en", "Find three free open-source photo editors and give your own view on which is best", 3, []string{"free", "open source"},
			[]string{"Three free open-source photo editors", "Your own view on which is best", "What critics think of GIMP"}, []int{2},
			"GIMP is free and open source.", []string{"Photoshop is not free.", "Photoshop is paid."}},
		{"de", "Nenne drei kostenlose Open-Source-Editoren und deine eigene Meinung, welcher der beste ist", 3, []string{"open source", "kostenlos"},
			[]string{"Drei kostenlose Open-Source-Editoren", "Deine eigene Meinung, welcher Editor der beste ist", "Die Meinungen der Kritiker zu GIMP", "Ist GIMP kostenlos?"}, []int{2},
			"GIMP ist kostenlos und quelloffen.", []string{"Photoshop ist nicht kostenlos.", "Photoshop ist kein kostenloses Programm.", "Photoshop ist kostenpflichtig."}},
		{"fr", "Trouve trois éditeurs de photos gratuits et open source, et donne ton avis sur le meilleur", 3, []string{"open source", "gratuit"},
			[]string{"Trois éditeurs de photos gratuits et open source", "Ton avis sur le meilleur éditeur", "L'avis des critiques sur GIMP", "L'opinion des experts sur Krita"}, []int{2},
			"GIMP est gratuit et open source.", []string{"Photoshop n'est pas gratuit.", "Photoshop est payant."}},
		{"es", "Encuentra tres editores de fotos gratuitos y de código abierto, y dame tu opinión sobre cuál es el mejor", 3, []string{"gratuito", "código abierto"},
			[]string{"Tres editores de fotos gratuitos y de código abierto", "Tu opinión sobre cuál es el mejor", "Las opiniones de los expertos sobre GIMP"}, []int{2},
			"GIMP es gratuito y de código abierto.", []string{"Photoshop no es gratuito.", "Photoshop es de pago."}},
		{"pt", "Encontre três editores de fotos gratuitos e de código aberto e dê a sua opinião sobre qual é o melhor", 3, []string{"gratuito", "código aberto"},
			[]string{"Três editores de fotos gratuitos e de código aberto", "A sua opinião sobre qual é o melhor", "A opinião dos especialistas sobre o GIMP"}, []int{2},
			"O GIMP é gratuito e de código aberto.", []string{"O Photoshop não é gratuito.", "O Photoshop é pago."}},
		{"ru", "Найди три бесплатных редактора фотографий с открытым исходным кодом и дай своё мнение, какой лучше", 3, []string{"бесплатный", "открытым исходным кодом"},
			[]string{"Три бесплатных редактора фотографий с открытым исходным кодом", "Твоё мнение: какой редактор лучше", "Мнения экспертов о GIMP"}, []int{2},
			"GIMP бесплатный, с открытым исходным кодом.", []string{"Photoshop не бесплатный.", "Photoshop платный."}},
		{"zh-Hans", "找出三个免费的开源照片编辑器，并给出你的看法：哪个最好", 3, []string{"免费", "开源"},
			[]string{"三个免费的开源照片编辑器", "你的看法：哪个编辑器最好", "根据专家的评价，GIMP的优缺点"}, []int{2},
			"GIMP是免费的开源软件。", []string{"Photoshop不是免费的。", "Photoshop没有免费版本。", "Photoshop是付费软件。"}},
		{"zh-Hant", "找出三個免費的開源照片編輯器，並給出你的看法：哪個最好", 3, []string{"免費", "開源"},
			[]string{"三個免費的開源照片編輯器", "你的看法：哪個編輯器最好", "根據專家的評價，GIMP的優缺點"}, []int{2},
			"GIMP是免費的開源軟體。", []string{"Photoshop不是免費的。", "Photoshop是付費軟體。"}},
		{"ja", "無料のオープンソースの写真編集ソフトを三つ挙げて、どれが一番良いかあなたの意見を教えて", 3, []string{"無料", "オープンソース"},
			[]string{"無料のオープンソースの写真編集ソフト三つ", "どれが一番良いかあなたの意見", "専門家の意見によると、GIMPの長所と短所"}, []int{2},
			"GIMPは無料のオープンソースエディタです。", []string{"Photoshopは無料ではありません。", "Photoshopは有料です。"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			if got := CountAsked(c.objective); got != c.count {
				t.Errorf("count asked by the objective = %d, want %d", got, c.count)
			}
			if got := CountAsked(c.items[0]); got != c.count {
				t.Errorf("count asked by %q = %d, want %d", c.items[0], got, c.count)
			}
			if got := Conditions(c.objective); !slices.Equal(got, c.conds) {
				t.Errorf("conditions of the objective = %q, want %q", got, c.conds)
			}
			var opinions []int
			for i, it := range c.items {
				if opinion.Is(it) {
					opinions = append(opinions, i+1)
				}
			}
			if !slices.Equal(opinions, c.opinions) {
				t.Errorf("opinion items = %v, want %v", opinions, c.opinions)
			}
			free := map[string]string{"en": "free", "de": "kostenlos", "fr": "gratuit", "es": "gratuito", "pt": "gratuito",
				"ru": "бесплатный", "zh-Hans": "免费", "zh-Hant": "免費", "ja": "無料"}[c.lang]
			if !slices.Contains(c.conds, free) {
				t.Fatalf("the case sets no %q", free)
			}
			first := []string{free}
			if got := MissingCondition(c.shows, c.conds); got != "" {
				t.Errorf("%q does not show %q", c.shows, got)
			}
			for _, d := range c.denies {
				if got := MissingCondition(d, first); got == "" {
					t.Errorf("%q shows %q, which it denies", d, first[0])
				}
				if !Denies(d, first[0]) {
					t.Errorf("%q does not deny %q", d, first[0])
				}
			}
		})
	}
}

// An item in another language that asks whether a thing meets a
// condition is a yes-or-no item about that thing, as in English.
func TestWhetherInEachLanguage(t *testing.T) {
	for _, item := range []string{"Is GIMP free?", "Ist GIMP kostenlos?", "Est-ce que GIMP est gratuit ?", "¿Es GIMP gratuito?",
		"Verifique se o GIMP é gratuito", "Является ли GIMP бесплатным?", "GIMP是否免费", "GIMP是免費的嗎", "GIMPは無料ですか"} {
		a := AskOf(checklist.Item{Number: 1, Text: item}, item)
		if a.Kind != KindCondition || !slices.Equal(a.Things, []string{"GIMP"}) {
			t.Errorf("%q asks %q about %q, want whether of GIMP", item, a.Kind, a.Things)
		}
	}
}

// A measure in another language's words and units is a measure of its
// dimension, as "5,895 m" is.
func TestMeasuresInEachLanguage(t *testing.T) {
	for _, text := range []string{"Die Zugspitze ist 2.962 Meter hoch.", "La Zugspitze culmine à 2 962 mètres.", "Высота Эльбруса 5642 метра.",
		"肯尼亚山海拔5199米。", "富士山の高さは3776メートルです。", "El Aconcagua mide 6961 metros."} {
		var dims []string
		for _, v := range valuesOf(text, tokensOf(text), nil) {
			dims = append(dims, v.dim)
		}
		if !slices.Contains(dims, "length") {
			t.Errorf("%q gives no length (values of dimensions %q)", text, dims)
		}
	}
}
