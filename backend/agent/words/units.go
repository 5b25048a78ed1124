package words

// unitSpellings maps the spellings of common units to one form: a model
// writes "5,895 m" where the page says "5,895 metres", and means the same.
var unitSpellings = map[string]string{
	"metre": "m", "metres": "m", "meter": "m", "meters": "m",
	"foot": "ft", "feet": "ft",
	"kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km",
	"centimetre": "cm", "centimetres": "cm", "centimeter": "cm", "centimeters": "cm",
	"millimetre": "mm", "millimetres": "mm", "millimeter": "mm", "millimeters": "mm",
	"mile": "mi", "miles": "mi",
	"kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg",
	"gram": "g", "grams": "g",
	"pound": "lb", "pounds": "lb", "lbs": "lb",
	"ounce": "oz", "ounces": "oz",
	"litre": "l", "litres": "l", "liter": "l", "liters": "l",
	"millilitre": "ml", "millilitres": "ml", "milliliter": "ml", "milliliters": "ml",
	"hour": "h", "hours": "h", "hr": "h", "hrs": "h",
	"minutes": "min", "mins": "min", // "a minute detail", "the second peak": not units
	"seconds": "s", "sec": "s", "secs": "s",
}

// Unit is w in one spelling when it is a unit ("metres", "meters":
// "m"), else w itself.
func Unit(w string) string {
	if c, ok := unitSpellings[w]; ok {
		return c
	}
	return w
}

// IsUnitName reports whether w is a unit in its one spelling ("m", "ft"):
// an item asking "in meters" is answered by a number in m. The names are
// English's, taken before other languages' spellings join them (init).
func IsUnitName(w string) bool { return unitNames[w] }

var unitNames = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range unitSpellings {
		m[c] = true
	}
	return m
}()
