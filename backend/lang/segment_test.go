package lang

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// TestSegmenterCost measures what loading each dictionary costs, for the
// record (go test -v -run SegmenterCost); it fails only when a load takes
// far longer than measured (0.4 s and 0.9 s, 40 MB each, on two cores).
func TestSegmenterCost(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
	}{{"zh", "免费"}, {"ja", "無料です"}} {
		var before, after runtime.MemStats
		if loaded := map[string]bool{"zh": zhSeg.loaded.Load(), "ja": jaSeg.loaded.Load()}; loaded[c.name] {
			t.Fatalf("the %s dictionary was loaded before any text asked for it", c.name)
		}
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		Prepare(map[string]Tag{"zh": Chinese, "ja": Japanese}[c.name])
		took := time.Since(start)
		runtime.GC()
		runtime.ReadMemStats(&after)
		t.Logf("%s dictionary: loaded in %v, heap +%d MB", c.name, took.Round(time.Millisecond), (int64(after.HeapAlloc)-int64(before.HeapAlloc))>>20)
		if took > maxLoad {
			t.Errorf("%s dictionary took %v to load", c.name, took)
		}
	}
}

// A name in passing on a page in another language loads no dictionary
// and stays whole; a sentence does.
func TestCutLoadsOnlyForASentence(t *testing.T) {
	defer func(saved *lazySegmenter) { zhSeg = saved }(zhSeg)
	zhSeg = &lazySegmenter{dict: zhDict}
	if got := Cut("珠穆朗玛峰"); len(got) != 1 || zhSeg.loaded.Load() {
		t.Errorf("a name loaded the dictionary, or was cut: %q", got)
	}
	if got := Cut("珠穆朗玛峰是世界上海拔最高的山峰"); len(got) < 4 || !zhSeg.loaded.Load() {
		t.Errorf("a sentence was not cut: %q", got)
	}
}

// An English text that names a mountain in Chinese characters loads no
// dictionary; a Chinese one does.
func TestPrepareForChineseTextOnly(t *testing.T) {
	defer func(zh, ja *lazySegmenter) { zhSeg, jaSeg = zh, ja }(zhSeg, jaSeg)
	zhSeg, jaSeg = &lazySegmenter{dict: zhDict}, &lazySegmenter{dict: jaDict}
	PrepareFor("Mount Everest (Chinese: 珠穆朗玛峰) is Earth's highest mountain above sea level.")
	if zhSeg.loaded.Load() || jaSeg.loaded.Load() {
		t.Error("an English text loaded a dictionary")
	}
	PrepareFor("肯尼亚山海拔5199米")
	if !zhSeg.loaded.Load() || jaSeg.loaded.Load() {
		t.Error("a Chinese finding did not load the Chinese dictionary, or loaded the Japanese one")
	}
}

func TestCut(t *testing.T) {
	Prepare(Chinese)
	Prepare(Japanese)
	cases := []struct {
		run  string
		want []string
	}{
		{"editors", []string{"editors"}},
		{"三个免费的开源编辑器", []string{"三个", "免费", "的", "开源", "编辑器"}},
		{"三個免費的開源編輯器", []string{"三個", "免費", "的", "開源", "編輯器"}},
		{"libreoffice不是免费的吗", []string{"libreoffice", "不是", "免费", "的", "吗"}},
		{"海拔是5199米", []string{"海拔", "是", "5199", "米"}},
		{"無料のオープンソースエディタを三つ", []string{"無料", "の", "オープンソースエディタ", "を", "三", "つ"}},
		{"libreofficeは無料ではありません", []string{"libreoffice", "は", "無料", "では", "ありません"}},
		{"3776メートルです", []string{"3776", "メートル", "です"}},
		{"富士山の高さは3776メートルです", []string{"富士山", "の", "高さ", "は", "3776", "メートル", "です"}},
		{"電車で三十分かかります", []string{"電車", "で", "三十", "分", "かかります"}},
		{"日本で一番高い山", []string{"日本", "で", "一番", "高い", "山"}},
	}
	for _, c := range cases {
		if got := Cut(c.run); !slices.Equal(got, c.want) {
			t.Errorf("Cut(%q) = %q, want %q", c.run, got, c.want)
		}
	}
}

// maxLoad is ten times the load measured, for a busy machine.
const maxLoad = 10 * time.Second
