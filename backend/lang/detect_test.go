package lang

import "testing"

// Short objectives and checklist items in each language, with the names in
// Latin letters they carry.
func TestDetect(t *testing.T) {
	cases := []struct {
		want Tag
		text string
	}{
		{English, "three free open-source photo editors"}, {English, "Is LibreOffice free?"},
		{English, "the height of Mount Kenya in metres"}, {English, "Compare the prices of two standing desks"},
		{English, "your own view on which to buy"}, {English, "tallest mountain in Africa and its height"},
		{English, "LibreOffice"}, {English, "5,895 m"}, {English, ""},
		{German, "drei kostenlose Open-Source-Editoren"}, {German, "Ist LibreOffice kostenlos?"},
		{German, "die Höhe des Mount Kenya in Metern"}, {German, "Vergleiche die Preise von zwei Stehpulten"},
		{German, "deine eigene Meinung, welches man kaufen sollte"}, {German, "der höchste Berg Afrikas und seine Höhe"},
		{French, "trois éditeurs de photos gratuits et open source"}, {French, "LibreOffice est-il gratuit ?"},
		{French, "la hauteur du mont Kenya en mètres"}, {French, "Compare les prix de deux bureaux debout"},
		{French, "ton avis sur lequel acheter"}, {French, "Le mont culmine à 1 642 mètres."}, {French, "la plus haute montagne d'Afrique et sa hauteur"},
		{Spanish, "tres editores de fotos gratuitos y de código abierto"}, {Spanish, "¿Es LibreOffice gratuito?"},
		{Spanish, "la altura del monte Kenia en metros"}, {Spanish, "Compara los precios de dos escritorios de pie"},
		{Spanish, "tu opinión sobre cuál comprar"}, {Spanish, "la montaña más alta de África y su altura"},
		{Portuguese, "três editores de fotos gratuitos e de código aberto"}, {Portuguese, "O LibreOffice é gratuito?"},
		{Portuguese, "a altura do monte Quênia em metros"}, {Portuguese, "Compare os preços de duas mesas de pé"},
		{Portuguese, "a sua opinião sobre qual comprar"}, {Portuguese, "a montanha mais alta da África e a sua altura"},
		{Russian, "три бесплатных редактора с открытым исходным кодом"}, {Russian, "LibreOffice бесплатный?"},
		{Russian, "высота горы Кения в метрах"}, {Russian, "твоё мнение, какой купить"},
		{Chinese, "三个免费的开源编辑器"}, {Chinese, "LibreOffice 是免费的吗？"}, {Chinese, "肯尼亚山的高度（米）"},
		{Chinese, "你推荐买哪个"}, {Chinese, "非洲最高的山及其高度"},
		{Traditional, "三個免費的開源編輯器"}, {Traditional, "LibreOffice 是免費的嗎？"}, {Traditional, "你推薦買哪個"},
		{Japanese, "無料のオープンソースエディタを三つ"}, {Japanese, "LibreOfficeは無料ですか？"},
		{Japanese, "ケニア山の高さ（メートル）"}, {Japanese, "どれを買うべきかあなたの意見"}, {Japanese, "東京都の人口"},
	}
	for _, c := range cases {
		if got := Detect(c.text); got != c.want {
			t.Errorf("Detect(%q) = %s, want %s", c.text, got, c.want)
		}
		if got := Of(c.text); got != c.want {
			t.Errorf("Of(%q) = %s, want %s", c.text, got, c.want)
		}
	}
}

func TestRulesLoad(t *testing.T) {
	for _, tag := range Tags {
		r := For(tag)
		if r.Tag != tag {
			t.Errorf("For(%s) is %s's rules", tag, r.Tag)
		}
		if len(r.Stop) == 0 || len(r.Negations)+len(r.NegationsAfter) == 0 || len(r.Counts) == 0 || len(r.Conditions) == 0 || len(r.Ordinals) == 0 {
			t.Errorf("%s: a list is empty: %+v", tag, r)
		}
		if tag != English && (len(r.Addressed) == 0 || len(r.Unheld) == 0 || len(r.Held) == 0) {
			t.Errorf("%s: no opinion phrasings", tag)
		}
	}
	if For("xx").Tag != English {
		t.Error("an unknown language should have English's rules")
	}
}

// Short English text without function words stays English; paragraphs
// are told by their trigrams.
func TestDetectShortAndLong(t *testing.T) {
	for text, want := range map[string]Tag{
		"rye bread": English, "| New South Wales | Mount Kosciuszko | 2,228 m |": English, "Opinion polls": English,
		"Mount Kosciuszko is mainland Australia's highest mountain, at 2,228 metres above sea level. It is located on the Main Range of the Snowy Mountains in Kosciuszko National Park.": English,
		"Die Zugspitze ist mit 2962 Metern über Normalhöhennull der höchste Gipfel des Wettersteingebirges und zugleich der höchste Berg Deutschlands.":                                   German,
		"Le mont Blanc est le point culminant de la chaîne des Alpes. Avec une altitude de 4 805 mètres, il est le plus haut sommet d'Europe occidentale.":                                French,
		"El Aconcagua es una montaña ubicada en el departamento Las Heras, en la provincia de Mendoza, Argentina. Con una altitud de 6961 metros es el pico más alto.":                    Spanish,
		"O Pico da Neblina é o ponto mais alto do Brasil, com 2995 metros de altitude, localizado na serra do Imeri, no estado do Amazonas, perto da fronteira.":                          Portuguese,
	} {
		if got := Detect(text); got != want {
			t.Errorf("Detect(%.40q) = %s, want %s", text, got, want)
		}
	}
}

// A page in a language Scout has no rules for is read by English's.
func TestDetectOtherLanguages(t *testing.T) {
	for _, text := range []string{
		"Zázrak jedné sezony? West Ham dává pochybovačům stále pádnější odpovědi a fotbalový svět si začíná uvědomovat, že se absolutní anglická fotbalová elita rozrůstá o nového člena.",
		"Dezubekizacja, czyli daty mają znaczenie. Koncesjonowana opozycja nie jest w stanie zaproponować niczego, co wykraczałoby poza ramy wyznaczone przez władzę.",
	} {
		if got := Detect(text); got != English {
			t.Errorf("Detect(%.40q) = %s, want en", text, got)
		}
	}
}

// The language to answer in: a one-word objective in Latin letters is
// English, whatever word it is; a sentence, or a word in another script,
// is its language.
func TestAnswering(t *testing.T) {
	for text, want := range map[string]Tag{
		"o":                                   English,
		"Linux":                               English,
		"de":                                  English,
		"Ist LibreOffice kostenlos?":          German,
		"Quelle est la plus haute montagne ?": French,
		"Какой?":                              Russian,
		"编辑器":                                 Chinese,
		"What is the tallest mountain?":       English,
	} {
		if got := Answering(text); got != want {
			t.Errorf("Answering(%q) = %s, want %s", text, got, want)
		}
	}
}
