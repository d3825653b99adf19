/* evacmap page helpers. Data strings arrive as JSON literals and leave as DOM text nodes; popups are
   clones of the page's own plain-HTML text version. Nothing here assigns data to innerHTML. */
var evm = (function () {
  "use strict";
  var COLOUR = /^#[0-9a-fA-F]{6}$/;

  function t(s) {
    return document.createTextNode(String(s));
  }

  function clone(id) {
    var n = document.getElementById(id);
    var wrap = document.createElement("div");
    wrap.className = "evm-pop";
    if (!n) {
      return wrap;
    }
    var c = n.cloneNode(true);
    c.removeAttribute("id");
    var ids = c.querySelectorAll("[id]");
    for (var i = 0; i < ids.length; i++) {
      ids[i].removeAttribute("id");
    }
    wrap.appendChild(c);
    return wrap;
  }

  function setup(map, cfg) {
    cfg.panes.forEach(function (p) {
      map.createPane(p[0]).style.zIndex = String(p[1]);
    });
    L.control.scale({ position: "bottomleft", maxWidth: 120 }).addTo(map);
    if (map.attributionControl) {
      map.attributionControl.setPrefix("Leaflet");
      if (cfg.attribution) {
        map.attributionControl.addAttribution(cfg.attribution);
      }
    }
  }

  function popup(layer, id, opts) {
    layer.bindPopup(function () {
      return clone(id);
    }, opts);
  }

  function tooltip(layer, text, opts) {
    layer.bindTooltip(t(text), opts);
  }

  function arrows(layer, pts, colour, hollow) {
    if (!COLOUR.test(colour)) {
      colour = "#333333";
    }
    var fill = hollow ? "#ffffff" : colour;
    var stroke = hollow ? colour : "#ffffff";
    pts.forEach(function (p) {
      var a = (Number(p[2]) || 0).toFixed(1);
      var svg =
        '<svg width="14" height="14" viewBox="-7 -7 14 14" aria-hidden="true" focusable="false">' +
        '<path d="M-4.5 -4.3 L5.2 0 L-4.5 4.3 Z" transform="rotate(' + a + ')" fill="' + fill +
        '" stroke="' + stroke + '" stroke-width="1.4" stroke-linejoin="round"/><\/svg>';
      L.marker([p[0], p[1]], {
        icon: L.divIcon({ className: "evm-arrow", html: svg, iconSize: [14, 14], iconAnchor: [7, 7] }),
        interactive: false,
        keyboard: false,
        pane: "evm-arrows"
      }).addTo(layer);
    });
  }

  function basemap(map, fc, style) {
    return L.geoJSON(fc, { pane: "evm-base", interactive: false, style: style }).addTo(map);
  }

  function labels(map, items) {
    var g = L.layerGroup();
    items.forEach(function (it) {
      var span = document.createElement("span");
      span.appendChild(t(it[2]));
      L.marker([it[0], it[1]], {
        icon: L.divIcon({ className: it[3], html: span, iconSize: null }),
        interactive: false,
        keyboard: false,
        pane: "evm-baselabels"
      }).addTo(g);
    });
    return g.addTo(map);
  }

  function finish(map, cfg, control, tiles, base) {
    map.fitBounds(cfg.bounds, { padding: [8, 8] });
    var side = cfg.layersInto && document.getElementById(cfg.layersInto);
    if (side && control) {
      var h = document.createElement("p");
      h.className = "evm-lg-h";
      h.appendChild(t("Show on the map"));
      side.appendChild(h);
      side.appendChild(control.getContainer());
    }
    var legend = cfg.legend && document.getElementById(cfg.legend);
    if (legend) {
      var Legend = L.Control.extend({
        options: { position: "bottomleft" },
        onAdd: function () {
          L.DomEvent.disableClickPropagation(legend);
          L.DomEvent.disableScrollPropagation(legend);
          legend.classList.add("leaflet-control");
          return legend;
        }
      });
      new Legend().addTo(map);
    }
    /* a label shown from zoom step N has class evm-lzN; the container gets evm-zgeN once that
       zoom (cfg.labelZooms[N-1]) is reached, and CSS does the rest */
    function zoomClasses() {
      var c = map.getContainer();
      var z = map.getZoom();
      var keep = c.className.split(/\s+/).filter(function (k) {
        return k && !/^evm-zge\d+$/.test(k);
      });
      cfg.labelZooms.forEach(function (lz, i) {
        if (z >= lz - 1e-6) {
          keep.push("evm-zge" + (i + 1));
        }
      });
      c.className = keep.join(" ");
    }
    map.on("zoomend", zoomClasses);
    zoomClasses();
    if (tiles) {
      map.on("overlayadd", function (e) {
        if (e.layer === tiles) {
          base.forEach(function (l) { map.removeLayer(l); });
        }
      });
      map.on("overlayremove", function (e) {
        if (e.layer === tiles) {
          base.forEach(function (l) { l.addTo(map); });
        }
      });
    }
  }

  return { t: t, popup: popup, tooltip: tooltip, setup: setup, arrows: arrows, basemap: basemap, labels: labels, finish: finish };
})();
