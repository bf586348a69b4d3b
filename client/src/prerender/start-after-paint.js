// The app's scripts for a page whose first screen came as markup (decision 112): fetched only once
// the browser has painted that markup, so a phone's slow line carries the CSS and the font first and
// the page shows before any script has run. The server lists the entry and its preloads on this
// script's tag. A classic script of its own: the CSP ('self') allows no inline one.
(function () {
  var tag = document.currentScript;
  var entry = tag.dataset.entry;
  var preloads = (tag.dataset.preloads || '').split(' ').filter(Boolean);
  var started = false;

  // A press or an entry on the drawn page before the app runs would be lost: the fields' values and
  // the last press are kept, and made again once the app has taken the page over (it announces that
  // with 'medora:live'; hydration keeps the elements, so they are still there): the values first,
  // as the fields' own input and change, then the press. If the app cannot start, a held link opens
  // its page as a plain link would.
  var held = null;
  var fields = [];
  function hold(event) {
    // A press meant for a new tab or window is the browser's own.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var target = event.target.closest && event.target.closest('button, a[href], summary, [role="button"]');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  }
  // Noted from `input` alone, which every edit fires: a select's `change` follows its `input`, and
  // when that `input` made React hydrate, the hydration put the field's drawn value back before the
  // `change` read it, which would note the pick as undone (decision 114).
  function note(event) {
    var field = event.target;
    if (!/^(INPUT|SELECT|TEXTAREA)$/.test(field.tagName)) return;
    fields = fields.filter(function (entry) {
      return entry.field !== field;
    });
    fields.push({ field: field, value: field.value });
  }
  function enter(entry) {
    var field = entry.field;
    if (!field.isConnected || entry.value === '') return;
    // The app took the field over with the value already in it, so its watcher of the value thinks
    // nothing changed: it is told '' first, then the value arrives past it (the prototype's setter).
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, entry.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  function release(live) {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', note, true);
    document.removeEventListener('medora:live', onLive);
    var target = held;
    held = null;
    if (live) fields.forEach(enter);
    fields = [];
    if (!target || !target.isConnected || !(live || target.matches('a[href]'))) return;
    // In a task of its own: the app has drawn what the values changed before the press reads them.
    setTimeout(function () {
      target.click();
    });
  }
  function onLive() {
    release(true);
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('input', note, true);
  document.addEventListener('medora:live', onLive);

  // Each preload costs the page a few milliseconds to add (on a phone): a few at a time, in tasks
  // of their own, so adding twenty is never one task long enough to delay a tap.
  function preload(from) {
    preloads.slice(from, from + PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + PRELOADS_PER_TASK < preloads.length)
      setTimeout(function () {
        preload(from + PRELOADS_PER_TASK);
      });
  }
  var PRELOADS_PER_TASK = 5;

  function start() {
    if (started) return;
    started = true;
    preload(0);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.onerror = function () {
      release(false);
    };
    // An app that loaded but never took the page over must not leave the page's presses held.
    script.onload = function () {
      setTimeout(function () {
        release(false);
      }, 10000);
    };
    document.head.appendChild(script);
  }
  // A hidden tab paints nothing until shown: start at once. Without paint timing, after a frame.
  if (document.visibilityState === 'hidden') return start();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start);
    });
  }
  // However the paint goes, the app starts.
  setTimeout(start, 3000);
})();
