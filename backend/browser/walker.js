// Scout's DOM walker. For a web page it returns the visible DOM as compact
// HTML: what a person can see of the page, with the computed styles only
// the browser knows already applied (hidden elements and hidden text
// removed, open shadow roots read in place, code blocks as laid out), and
// the controls and overlays that are never content left out. Choosing the
// main content of that HTML is Go's part (package content). A text file
// (which Chromium shows as one <pre>) comes back as blocks (see
// backend/page.Block) read as paragraphs.
// Evaluated in an isolated world as `(opts) => {...}`.
(opts) => {
  const maxChars = opts.maxChars;
  const blocks = [];
  const links = [];
  let total = 0;
  let truncated = false;
  // late: the walk has taken its time (opts.maxMillis) and stops where it
  // is, as at the character cap: a page of a million elements is read in
  // part rather than not at all.
  // What was gathered when time ran out is kept.
  const deadline = opts.maxMillis ? Date.now() + opts.maxMillis : Infinity;
  let timeUp = false;
  const late = () => timeUp || (timeUp = Date.now() > deadline);

  // Never content: scripts and styles, menus, dialogs and canvases.
  const DROP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'NAV', 'DIALOG', 'MENU',
    'HEAD', 'MAP', 'LINK', 'META', 'BASE', 'OPTION', 'DATALIST', 'SOURCE', 'TRACK', 'PARAM']);
  const DROP_ROLES = new Set(['navigation', 'dialog', 'alertdialog', 'search', 'menu', 'menubar', 'toolbar',
    'tablist', 'tooltip']);
  // Controls, images and embedded players are written as empty elements:
  // their words are not content, but extraction counts them (a box of
  // form fields or pictures with a caption is not prose).
  const EMPTY_TAGS = new Set(['IMG', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'LABEL', 'IFRAME', 'VIDEO', 'AUDIO',
    'EMBED', 'OBJECT']);
  // Tags kept as they are; any other element (a custom element, a
  // deprecated tag) becomes a div or a span as the page displays it.
  const KNOWN_TAGS = new Set(['DIV', 'SPAN', 'P', 'A', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'DL', 'DT',
    'DD', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD', 'CAPTION', 'PRE', 'CODE', 'BLOCKQUOTE', 'Q', 'CITE',
    'EM', 'STRONG', 'B', 'I', 'U', 'S', 'SMALL', 'SUB', 'SUP', 'MARK', 'ABBR', 'TIME', 'FIGURE', 'FIGCAPTION',
    'ARTICLE', 'SECTION', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'ADDRESS', 'DETAILS', 'SUMMARY', 'HR', 'BR', 'KBD',
    'SAMP', 'VAR', 'DEL', 'INS', 'DFN', 'BDI', 'BDO', 'WBR', 'FORM', 'FIELDSET', 'LEGEND', 'CENTER', 'HGROUP',
    'BODY', 'DATA', 'RUBY', 'RT', 'RP', 'MATH', 'PICTURE']);
  // Inline tags a page may display as blocks: written as divs then, so
  // package content breaks the text where the page does.
  const INLINE_TAGS = new Set(['SPAN', 'EM', 'STRONG', 'B', 'I', 'U', 'S', 'SMALL', 'MARK', 'ABBR', 'TIME', 'CITE',
    'Q', 'DFN', 'BDI', 'BDO', 'DATA', 'KBD', 'SAMP', 'VAR', 'DEL', 'INS', 'SUB', 'SUP']);
  const BLOCK_DISPLAY = /^(block|flex|grid|list-item|table|flow-root)$/;
  // The attributes main-content extraction reads (names, roles,
  // microdata, table layout); the rest are left out.
  const KEEP_ATTRS = ['id', 'class', 'role', 'itemprop', 'itemscope', 'itemtype', 'lang', 'dir', 'datetime',
    'colspan', 'rowspan', 'scope'];
  // MAX_NAME_CHARS: a class or id longer than this is cut (utility-class
  // pages write thousands of characters of them on one element).
  const MAX_NAME_CHARS = 200;

  const styles = new Map();
  const style = (el) => {
    let s = styles.get(el);
    if (!s) { s = getComputedStyle(el); styles.set(el, s); }
    return s;
  };

  // parseColor returns [r,g,b,a] of a computed colour string, or null when
  // the colour is unknown. Chromium computes most colours to rgb()/rgba()
  // but reports oklch(), lab() and color() as written (Tailwind CSS v4
  // writes oklch); those are read back from a canvas.
  const colors = new Map();
  const parseColor = (c) => {
    const m = c && c.match(/^rgba?\(([^)]+)\)$/);
    if (m) {
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    if (!c) return null;
    if (!colors.has(c)) colors.set(c, drawColor(c));
    return colors.get(c);
  };
  // drawColor paints c into a 1x1 canvas and reads the pixel back as sRGB;
  // null when the browser cannot paint it.
  let ink = null;
  const drawColor = (c) => {
    try {
      if (!CSS.supports('color', c)) return null;
      if (!ink) {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        ink = canvas.getContext('2d', { willReadFrequently: true });
      }
      ink.clearRect(0, 0, 1, 1);
      ink.fillStyle = c;
      ink.fillRect(0, 0, 1, 1);
      const d = ink.getImageData(0, 0, 1, 1).data;
      return [d[0], d[1], d[2], d[3] / 255];
    } catch (e) {
      return null;
    }
  };
  // background returns the colour behind el, or null when a colour on the
  // way up is unknown.
  const background = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement || (e.parentNode && e.parentNode.host)) {
      const c = parseColor(style(e).backgroundColor);
      if (!c) return null;
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  // invisibleInk: text colour too close to its background to be read. An
  // unknown colour never hides text: dropping readable text costs more than
  // reading a hidden line.
  // The ink is -webkit-text-fill-color when set (Chromium computes it to
  // the colour when not), which paints over color.
  const invisibleInk = (el) => {
    const s = style(el);
    const fg = parseColor(s.webkitTextFillColor || s.color);
    if (!fg) return false;
    if (fg[3] < 0.1) return true;
    const bg = background(el);
    if (!bg) return false;
    const d = Math.abs(fg[0] - bg[0]) + Math.abs(fg[1] - bg[1]) + Math.abs(fg[2] - bg[2]);
    return d < 24;
  };

  // What a person cannot see. Each limit is where text stops being
  // readable: below MIN_OPACITY it is a faint smudge, below MIN_SCALE or
  // MIN_FONT_PX a dot, and a box under MIN_BOX_PX that clips what
  // overflows it shows a pixel of it at most.
  const MIN_OPACITY = 0.1;
  const MIN_SCALE = 0.1;
  const MIN_FONT_PX = 4;
  const MIN_BOX_PX = 2;
  // The page scrolls as far as its content unless the viewport's overflow
  // (the root's, else the body's, which the root passes on) is hidden:
  // then what lies beyond the window's right edge cannot be scrolled to.
  // Not so when both directions are hidden, nor below the bottom edge: a
  // cookie wall or a dialog locks scrolling that way while it is shown,
  // and the page beneath is read.
  const rootStyle = getComputedStyle(document.documentElement);
  const viewStyle = rootStyle.overflow === 'visible' && document.body ? getComputedStyle(document.body) : rootStyle;
  const fixedX = /hidden|clip/.test(viewStyle.overflowX) && !/hidden|clip/.test(viewStyle.overflowY);
  const docWidth = fixedX ? innerWidth : Math.max(document.documentElement.scrollWidth, innerWidth);
  // A right-to-left page scrolls to the left of 0: text there can be read.
  const minLeft = rootStyle.direction === 'rtl' && !fixedX ? innerWidth - docWidth : 0;
  // scrollsX: el sits in a box of its own that scrolls sideways, so being
  // past the window's edge does not keep it from being read.
  const scrollsX = (el) => {
    for (let e = el && parentOf(el); e && e !== document.body && e !== document.documentElement; e = parentOf(e)) {
      const o = style(e).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const offPage = (r, el) => r.right + scrollX <= minLeft || r.bottom + scrollY <= 0 ||
    r.left + scrollX >= docWidth + (fixedX ? 0 : 100) && !(fixedX && scrollsX(el));

  // scaledAway: a transform (or the scale property) that shrinks the box
  // to nothing in either direction. Chromium computes transforms as
  // matrix(a, b, c, d, e, f) or matrix3d(...).
  const scaledAway = (s) => {
    const m = s.transform && s.transform.match(/^matrix(3d)?\(([^)]+)\)$/);
    if (m) {
      const v = m[2].split(',').map(Number);
      const [a, b, c, d] = m[1] ? [v[0], v[1], v[4], v[5]] : v;
      if (Math.hypot(a, b) < MIN_SCALE || Math.hypot(c, d) < MIN_SCALE) return true;
    }
    if (s.scale && s.scale !== 'none') {
      const f = s.scale.split(/\s+/).map(parseFloat);
      if (f.slice(0, 2).some((x) => Math.abs(x) < MIN_SCALE)) return true;
    }
    return false;
  };

  // clippedAway: clip or clip-path leaves nothing of the box to see: a
  // rect() with no height or width (the "visually hidden" pattern uses 0
  // or 1px), an inset() that meets itself, a circle or ellipse of no
  // radius, a polygon whose points span no width or height. Lengths are
  // resolved against the box; one that cannot be (calc()) never hides.
  const clippedAway = (s, el) => {
    const rect = s.clip && s.clip.match(/^rect\(([^)]*)\)$/);
    if (rect) {
      const [top, right, bottom, left] = rect[1].split(/[\s,]+/).map(parseFloat);
      if (bottom - top <= 1 || right - left <= 1) return true;
    }
    const cp = s.clipPath || '';
    const shape = cp.match(/^(inset|circle|ellipse|polygon)\((.*)\)/);
    if (!shape) return false;
    const box = el.getBoundingClientRect();
    const w = el.offsetWidth || box.width, h = el.offsetHeight || box.height;
    const len = (v, ref) => {
      const m = /^(-?[\d.]+)(px|%)?$/.exec(v.trim());
      if (!m) return NaN;
      return m[2] === '%' ? ref * parseFloat(m[1]) / 100 : parseFloat(m[1]);
    };
    const args = shape[2].split(/\s+at\s+|\s+round\s+/)[0];
    switch (shape[1]) {
      case 'inset': {
        const v = args.trim().split(/\s+/);
        const [t, r, b, l] = [v[0], v[1] || v[0], v[2] || v[0], v[3] || v[1] || v[0]];
        return w - len(l, w) - len(r, w) < MIN_BOX_PX || h - len(t, h) - len(b, h) < MIN_BOX_PX;
      }
      case 'circle':
        return 2 * len(args || '50%', Math.hypot(w, h) / Math.SQRT2) < MIN_BOX_PX;
      case 'ellipse': {
        const [rx, ry] = args.trim().split(/\s+/);
        return 2 * len(rx, w) < MIN_BOX_PX || 2 * len(ry || rx, h) < MIN_BOX_PX;
      }
      default: { // polygon
        const pts = args.replace(/^\s*(nonzero|evenodd)\s*,/, '').split(',').map((p) => p.trim().split(/\s+/));
        const xs = pts.map((p) => len(p[0], w)), ys = pts.map((p) => len(p[1] || '', h));
        return Math.max(...xs) - Math.min(...xs) < MIN_BOX_PX || Math.max(...ys) - Math.min(...ys) < MIN_BOX_PX;
      }
    }
  };

  // filtered: a CSS filter that leaves nothing to read: opacity() below
  // MIN_OPACITY, or a blur wider than half the text's size.
  const filtered = (s) => {
    const f = s.filter;
    if (!f || f === 'none') return false;
    for (const m of f.matchAll(/opacity\(([\d.]+)(%?)\)/g)) {
      if (parseFloat(m[1]) / (m[2] ? 100 : 1) < MIN_OPACITY) return true;
    }
    const blur = f.match(/blur\(([\d.]+)px\)/);
    return !!blur && parseFloat(blur[1]) * 2 >= parseFloat(s.fontSize);
  };

  // faded: the opacities of el and everything above it multiply; each may
  // be readable while together they leave a smudge. Kept per element, so
  // the walk costs no more than before however deep the page.
  const fades = new Map();
  const parentOf = (e) => e.parentElement || (e.parentNode && e.parentNode.host) || null;
  const faded = (el) => {
    const chain = [];
    let e = el, above = 1;
    for (; e && e.nodeType === 1; e = parentOf(e)) {
      if (fades.has(e)) { above = fades.get(e); break; }
      chain.push(e);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      above *= parseFloat(style(chain[i]).opacity);
      fades.set(chain[i], above);
    }
    return fades.get(el) < MIN_OPACITY;
  };

  const hidden = (el) => {
    if (el.hidden || el.getAttribute('aria-hidden') === 'true') return true;
    const s = style(el);
    if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse') return true;
    if (s.contentVisibility === 'hidden') return true;
    if (faded(el) || filtered(s)) return true;
    if (s.display === 'contents') return false;
    if (scaledAway(s) || clippedAway(s, el)) return true;
    const r = el.getBoundingClientRect();
    // contain: paint (and strict, content) clips what overflows, as
    // overflow: hidden does.
    const clipped = s.overflow === 'hidden' || s.overflowX === 'hidden' || s.overflowY === 'hidden' ||
      s.overflowX === 'clip' || s.overflowY === 'clip' || /paint|strict|content/.test(s.contain || '');
    if ((r.width < MIN_BOX_PX || r.height < MIN_BOX_PX) && clipped) return true;
    if (r.width > 0 && offPage(r, el)) return true;
    return false;
  };

  // hiddenText: text a person cannot see though its element is shown:
  // set in a font too small to read (a font-size of 0 on a wrapper whose
  // children set their own is common, so the size is the text's own), or
  // laid out where nobody can scroll (text-indent: -9999px, a negative
  // margin, a shift of the text alone), or shrunk below a readable size
  // by transforms however many (its boxes are measured as drawn). Text
  // with no layout boxes is not shown (an element above it is not
  // displayed), unless it is in a closed <details>: that is there to be
  // opened.
  const textRange = document.createRange();
  const hiddenText = (node, parent) => {
    if (parseFloat(style(parent).fontSize) < MIN_FONT_PX) return true;
    if (!/\S/.test(node.textContent)) return false;
    textRange.selectNodeContents(node);
    const rects = textRange.getClientRects();
    if (rects.length === 0) return !parent.closest('details:not([open])');
    for (const r of rects) {
      if (r.width >= 1 && r.height >= MIN_FONT_PX && !offPage(r, parent)) return false;
    }
    return true;
  };

  // shown returns the nodes el shows, in order: an open shadow root's in
  // place of its own, and at each slot the nodes assigned to it (else its
  // fallback), so slotted text is read once, where it appears.
  const shown = (el) => {
    if (!el.shadowRoot && el.getRootNode() === document) return el.childNodes; // no slots out here
    const out = [];
    for (const c of el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes) {
      if (c.nodeType !== 1 || c.tagName !== 'SLOT') out.push(c);
      else if (!dropped(c)) out.push(...slotted(c));
    }
    return out;
  };
  const slotted = (slot) => {
    const assigned = slot.assignedNodes({ flatten: true });
    return assigned.length ? assigned : shown(slot);
  };

  // codeText is a code block's text as shown. innerText keeps its line
  // breaks as laid out, but also text hidden by size, place or colour;
  // when the block holds such text, its shown text is read node by node.
  const codeText = (pre) => {
    const out = [];
    let dropped = false;
    const visit = (node) => {
      if (node.nodeType === 3) {
        const parent = node.parentElement;
        if (parent && (invisibleInk(parent) || hiddenText(node, parent))) dropped = dropped || /\S/.test(node.textContent);
        else out.push(node.textContent);
        return;
      }
      if (node.nodeType !== 1) return;
      if (node !== pre && hidden(node)) {
        dropped = dropped || /\S/.test(node.textContent);
        return;
      }
      if (node.tagName === 'BR') { out.push('\n'); return; }
      const d = style(node).display;
      const block = node !== pre && d !== 'inline' && d !== 'contents' && !d.startsWith('inline-');
      const breakLine = () => { if (block && out.length && !out[out.length - 1].endsWith('\n')) out.push('\n'); };
      breakLine();
      for (const c of node.childNodes) visit(c);
      breakLine();
    };
    visit(pre);
    return dropped ? out.join('') : pre.innerText;
  };

  const codeLang = (el) => {
    const c = el.querySelector('code') || el;
    const m = ((c.className || '') + ' ' + (el.className || '')).match(/(?:language|lang)-([\w+#-]+)/);
    return m ? m[1] : '';
  };

  const sizeOf = (block) => (block.text || '').length + (block.items || []).join(' ').length +
    (block.rows || []).reduce((n, r) => n + r.join(' ').length, 0);

  // cut shortens a block to at most room characters: text at the cap, a
  // list or table to the items or rows that fit.
  const cut = (block, room) => {
    if (block.text) {
      const end = /[\uD800-\uDBFF]/.test(block.text[room - 1] || '') ? room - 1 : room; // not inside a surrogate pair
      return { ...block, text: block.text.slice(0, end) };
    }
    const fitting = (xs, len) => {
      let used = 0;
      return xs.filter((x) => (used += len(x) + 1) <= room + 1);
    };
    if (block.items) return { ...block, items: fitting(block.items, (it) => it.length) };
    if (block.rows) return { ...block, rows: fitting(block.rows, (r) => r.join(' ').length) };
    return block;
  };

  // emit adds a block; the one that crosses the cap is cut there, so a page
  // of one huge block (a text file) keeps its beginning.
  const emit = (block, blockLinks) => {
    if (truncated) return;
    let size = sizeOf(block);
    if (size === 0) return;
    if (total + size > maxChars) {
      truncated = true;
      block = cut(block, maxChars - total);
      size = sizeOf(block);
      if (size === 0) return;
    }
    total += size;
    const index = blocks.length;
    blocks.push(block);
    for (const l of blockLinks) links.push({ text: l.text, url: l.url, block: index });
  };

  // A fixed element is an overlay (a cookie banner, a sign-up box, a
  // dialog) unless it holds most of the page's text: some sites lay their
  // whole page out in a fixed, scrolling frame.
  const bodyText = document.body ? document.body.textContent.length : 0;
  const overlay = (el) => style(el).position === 'fixed' && el.textContent.length * 2 < bodyText;
  const dropped = (el) => {
    if (DROP_TAGS.has(el.tagName)) return true;
    const role = el.getAttribute('role');
    if (role && DROP_ROLES.has(role)) return true;
    return overlay(el) || hidden(el);
  };

  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escAttr = (s) => esc(s).replace(/"/g, '&quot;');
  const out = [];
  let chars = 0;
  // text adds text that counts towards the cap; the text that crosses it
  // is cut there, so a page of one huge block keeps its beginning.
  const text = (s) => {
    if (truncated || !s) return;
    if (chars + s.length > maxChars) {
      truncated = true;
      let end = maxChars - chars;
      if (/[\uD800-\uDBFF]/.test(s[end - 1] || '')) end--; // not inside a surrogate pair
      s = s.slice(0, Math.max(end, 0));
    }
    chars += s.length;
    out.push(esc(s));
  };

  const isBlockDisplay = (el) => BLOCK_DISPLAY.test(style(el).display);
  const nameOf = (el) => {
    const tag = el.tagName;
    if (INLINE_TAGS.has(tag) && isBlockDisplay(el)) return 'div';
    if (KNOWN_TAGS.has(tag)) return tag.toLowerCase();
    return isBlockDisplay(el) || (el.shadowRoot && shown(el).some((c) => c.nodeType === 1 && isBlockDisplay(c))) ? 'div' : 'span';
  };
  const attrsOf = (el) => {
    let s = '';
    for (const name of KEEP_ATTRS) {
      const v = el.getAttribute(name);
      if (v) s += ` ${name}="${escAttr(v.slice(0, MAX_NAME_CHARS))}"`;
    }
    if (el.tagName === 'A' && el.href && typeof el.href === 'string') s += ` href="${escAttr(el.href)}"`;
    return s;
  };

  // textNode adds the visible text of a text node: runs of white space
  // collapse as the page lays them out, except where it keeps line breaks.
  // Clipping by an ancestor: a box whose overflow is hidden or clipped
  // (or that contains its paint) shows nothing of what lies outside it, in
  // the direction it clips: a second line below a one-line box, text
  // pushed past its edge by a margin. clip is the visible region as the
  // walk goes down, in the window's coordinates, or null. A box that
  // scrolls is not a clip: its content can be scrolled to. An element
  // positioned absolute or fixed may escape its parents' clip (that
  // depends on its containing block), so the walk reads it unclipped
  // rather than drop text a person may see.
  // A box taller than PREVIEW_PX that hides what runs on below it is a
  // collapsed preview ("read more"): the rest is there to be opened, as a
  // closed <details> is, and is read. Below it, a box clips as shown.
  const PREVIEW_PX = 100;
  const clipsX = (s) => /hidden|clip/.test(s.overflowX) || /paint|strict|content/.test(s.contain || '');
  const clipsY = (s) => /hidden|clip/.test(s.overflowY) || /paint|strict|content/.test(s.contain || '');
  const clipFor = (el, clip) => {
    const s = style(el);
    if (s.position === 'absolute' || s.position === 'fixed') clip = null;
    const r = el.getBoundingClientRect();
    const x = clipsX(s), y = clipsY(s) && r.height < PREVIEW_PX;
    if (!x && !y) return clip;
    const c = clip || { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    return {
      left: x ? Math.max(c.left, r.left) : c.left, right: x ? Math.min(c.right, r.right) : c.right,
      top: y ? Math.max(c.top, r.top) : c.top, bottom: y ? Math.min(c.bottom, r.bottom) : c.bottom,
    };
  };
  // outside: rect shows nothing of itself within clip.
  const outside = (r, clip) => !!clip && (r.right <= clip.left || r.left >= clip.right || r.bottom <= clip.top || r.top >= clip.bottom ||
    clip.right <= clip.left || clip.bottom <= clip.top);
  const clippedText = (node, clip) => {
    if (!clip) return false;
    textRange.selectNodeContents(node);
    const rects = textRange.getClientRects();
    if (rects.length === 0) return false;
    for (const r of rects) if (!outside(r, clip)) return false;
    return true;
  };

  const textNode = (node, clip) => {
    const parent = node.parentElement || (node.parentNode && node.parentNode.host);
    if (!parent || invisibleInk(parent) || hiddenText(node, parent) || clippedText(node, clip)) return;
    const ws = style(parent).whiteSpace || '';
    const keepBreaks = /^(pre|pre-wrap|pre-line|break-spaces)$/.test(ws);
    const lines = node.textContent.split(/\r\n?|\n/);
    if (!keepBreaks) {
      text(node.textContent.replace(/\s+/g, ' '));
      return;
    }
    lines.forEach((line, i) => {
      if (i > 0) out.push('<br>');
      text(line.replace(/[ \t\f\v]+/g, ' '));
    });
  };

  // codeBlock writes a code block as laid out, with its language.
  const codeBlock = (el) => {
    const lang = codeLang(el);
    out.push(lang ? `<pre data-lang="${escAttr(lang)}">` : '<pre>');
    text(codeText(el).replace(/\s+$/, ''));
    out.push('</pre>');
  };

  const serialize = (node, clip) => {
    if (truncated || late()) return;
    if (node.nodeType === 3) {
      textNode(node, clip);
      return;
    }
    if (node.nodeType !== 1 || dropped(node)) return;
    const s = style(node);
    if (s.position !== 'absolute' && s.position !== 'fixed' && s.display !== 'contents' && outside(node.getBoundingClientRect(), clip)) return;
    clip = clipFor(node, clip);
    const tag = node.tagName;
    if (tag === 'BR') { out.push('<br>'); return; }
    if (tag === 'PRE' || (tag === 'CODE' && isBlockDisplay(node) && !node.closest('pre'))) {
      codeBlock(node);
      return;
    }
    if (tag === 'SUP' && /^\[\d+\]$/.test(node.textContent.trim())) return; // citation marks
    if (EMPTY_TAGS.has(tag)) {
      const name = tag.toLowerCase();
      out.push(tag === 'IMG' || tag === 'INPUT' || tag === 'EMBED' ? `<${name}>` : `<${name}></${name}>`);
      return;
    }
    const name = nameOf(node);
    out.push(`<${name}${attrsOf(node)}>`);
    if (name !== 'hr') {
      for (const c of shown(node)) serialize(c, clip);
      out.push(`</${name}>`);
    }
  };

  // page serialises the document's visible body.
  const page = () => {
    const root = document.documentElement;
    const lang = root.getAttribute('lang');
    out.push(lang ? `<html lang="${escAttr(lang)}"><body>` : '<html><body>');
    // The body's overflow is the window's (a cookie wall locks its
    // scrolling): what lies below the window's edge is read.
    if (document.body) for (const c of shown(document.body)) serialize(c, null);
    out.push('</body></html>');
    return out.join('');
  };

  // textFilePre returns the <pre> Chromium shows a text file in (text/plain,
  // text/markdown), or null for a web page.
  const textFilePre = () => {
    const type = document.contentType || '';
    const first = document.body && document.body.firstElementChild;
    if (!type.startsWith('text/') || type === 'text/html' || !first) return null;
    return first.tagName === 'PRE' ? first : null;
  };

  // textFile reads a text file as paragraphs split at blank lines (an RFC's
  // page breaks count as blank), so it is read in parts like prose rather
  // than as one code block cut short.
  // In Markdown, "# Title" lines outside code fences are headings, so the
  // file gets an outline and a title like a web page.
  const textFile = (pre) => {
    const text = pre.textContent.replace(/\r\n?/g, '\n');
    const markdown = /markdown/.test(document.contentType || '');
    let fenced = false;
    for (const para of text.split(/\n\s*\n/)) {
      let lines = [];
      const flush = () => {
        if (lines.length) emit({ kind: 'paragraph', text: dedent(lines.join('\n')) }, []);
        lines = [];
      };
      for (const line of para.split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        const h = markdown && !fenced && line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
        if (!h) {
          lines.push(line);
          continue;
        }
        flush();
        emit({ kind: 'heading', level: h[1].length, text: h[2] }, []);
        if (!fileTitle) fileTitle = h[2];
      }
      flush();
      if (truncated) return;
    }
  };
  let fileTitle = '';
  // dedent drops trailing spaces and the indentation all lines share (an
  // RFC indents its prose by three), keeping any deeper indentation.
  const dedent = (para) => {
    const lines = para.replace(/^\n+|\s+$/g, '').split('\n').map((l) => l.replace(/\s+$/, ''));
    const indent = lines.reduce((n, l) => (l ? Math.min(n, l.match(/^[ \t]*/)[0].length) : n), Infinity);
    return lines.map((l) => l.slice(indent)).join('\n');
  };

  const collapse = (s) => s.replace(/\s+/g, ' ').trim();
  const pre = textFilePre();
  let html = '';
  if (pre) textFile(pre);
  else html = page();
  const h1 = document.querySelector('h1');
  // A text file has no title of its own: its first heading, else its name.
  const fileName = pre ? decodeURIComponent(location.pathname.split('/').pop() || '') : '';
  return {
    url: location.href,
    title: collapse(document.title || (h1 ? h1.innerText : '') || fileTitle || fileName),
    html,
    blocks,
    links,
    truncated: truncated || timeUp,
  };
}
