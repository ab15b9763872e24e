// The recorder of EarlyInput.astro, as the string the page inlines. Written readably here and
// folded to one line (statements end with a semicolon or a brace; no comments inside), so the
// page carries ~1.7 KB and the Content-Security-Policy hash of a fixed text.

const SOURCE = `
  (function (d) {
    var W = 'astro-island[ssr],[data-early-input]',
      Q = new Map();
    function fire(el, t) {
      el.dispatchEvent(new Event(t, { bubbles: true }));
    }
    function value(el) {
      var t = el.tagName == 'SELECT' ? 'change' : 'input',
        v = el.value,
        o = el.defaultValue,
        c = el.checked;
      if (el.type == 'checkbox' || el.type == 'radio') {
        if (c == el.defaultChecked) return;
        el.checked = el.defaultChecked;
        fire(el, t);
        if (el.checked != c) el.click();
        return;
      }
      if (t == 'change')
        [].forEach.call(el.options, function (p) {
          if (p.defaultSelected) o = p.value;
        });
      if (v == o || el.type == 'file') return;
      el.value = o;
      fire(el, t);
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set.call(el, v);
      fire(el, t);
    }
    function replay(q) {
      var e = q.shift(),
        m = new MessageChannel();
      if (!e) return;
      try {
        if (!e[1].isConnected);
        else if (e[0] == 'v') value(e[1]);
        else if (e[0] == 'c') e[1].disabled || e[1].click();
        else e[1].requestSubmit();
      } catch (x) {}
      m.port1.onmessage = function () {
        replay(q);
      };
      m.port2.postMessage(0);
    }
    function record(ev) {
      var t = ev.target,
        box = t instanceof Element && t.closest(W),
        q = box && Q.get(box),
        b;
      if (!box) return;
      if (!q) {
        Q.set(box, (q = []));
        ['astro:hydrate', 'forkful:ready'].forEach(function (n) {
          box.addEventListener(n, function () {
            if (Q.get(box) == q) (Q.delete(box), replay(q));
          });
        });
      }
      if (ev.type == 'submit') (ev.preventDefault(), q.push(['s', t]));
      else if (ev.type == 'click') {
        b = t.closest('button,[role=button],[role=tab],[role=menuitem],[role=switch]');
        if (b && box.contains(b) && !(b.form && b.type == 'submit')) q.push(['c', b]);
      } else if (
        /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) &&
        !q.some(function (e) {
          return e[1] == t;
        })
      )
        q.push(['v', t]);
    }
    ['input', 'change', 'click', 'submit'].forEach(function (n) {
      d.addEventListener(n, record, true);
    });
    d.addEventListener(
      'forkful:ready',
      function (ev) {
        ev.target.removeAttribute('data-early-input');
      },
      true,
    );
  })(document);
`;

/** The inline script's text: each line's indentation and line break removed. */
export const EARLY_INPUT_SCRIPT = SOURCE.replace(/\n\s*/g, ' ').trim();
