package tie

import (
	"slices"
	"testing"
)

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
