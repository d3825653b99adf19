/* Tell the embedding page how tall this page is (see the snippet from maps.render.embed_snippet). */
(function () {
  "use strict";
  if (window.parent === window) {
    return;
  }
  var last = -1;
  function post() {
    var h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (h !== last) {
      last = h;
      window.parent.postMessage({ type: "evacmap:height", map: EVM_MAP_NAME, height: h }, "*");
    }
  }
  if (window.ResizeObserver) {
    new ResizeObserver(post).observe(document.documentElement);
  }
  document.addEventListener("toggle", post, true);
  window.addEventListener("load", post);
  post();
})();
