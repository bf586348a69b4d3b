// The app's scripts for a page whose first screen came as markup (decision 112): fetched only once
// the browser has painted that markup, so a phone's slow line carries the CSS and the font first and
// the page shows before any script has run. The server lists the entry and its preloads on this
// script's tag. A classic script of its own: the CSP ('self') allows no inline one.
(function () {
  var tag = document.currentScript;
  var entry = tag.dataset.entry;
  var preloads = (tag.dataset.preloads || '').split(' ').filter(Boolean);
  var started = false;

  // A press on the drawn page before the app runs would do nothing: the last one is held and pressed
  // again once the app has taken the page over (the app announces it with 'medora:live'; hydration
  // keeps the elements, so the held one is still there). If the app cannot start, the press goes
  // through as the browser's own (a link still opens its page).
  var held = null;
  function hold(event) {
    var target = event.target.closest && event.target.closest('button, a[href], summary, [role="button"]');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  }
  function release(live) {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('medora:live', onLive);
    var target = held;
    held = null;
    if (target && target.isConnected && (live || target.matches('a[href]'))) target.click();
  }
  function onLive() {
    release(true);
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('medora:live', onLive);

  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.onerror = function () {
      release(false);
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
