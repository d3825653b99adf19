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
    /* popups hold no headings: the page's heading outline stays h1, h2, h3 whichever popup is open */
    var hs = c.querySelectorAll("h1,h2,h3,h4,h5,h6");
    for (var k = 0; k < hs.length; k++) {
      var p = document.createElement("p");
      p.className = "evm-ph evm-ph-" + hs[k].tagName.toLowerCase();
      while (hs[k].firstChild) {
        p.appendChild(hs[k].firstChild);
      }
      hs[k].parentNode.replaceChild(p, hs[k]);
    }
    wrap.appendChild(c);
    return wrap;
  }

  function setup(map, cfg) {
    cfg.panes.forEach(function (p) {
      map.createPane(p[0]).style.zIndex = String(p[1]);
    });
    /* focusable features are clipped to the visible map (Leaflet pads its SVG by 10% otherwise), so
       nothing reachable by keyboard lies, unseen, over the page below the map */
    ["evm-zones", "evm-routes", "evm-hits"].forEach(function (name) {
      map._paneRenderers[name] = L.svg({ pane: name, padding: 0 });
    });
    L.control.scale({ position: "bottomleft", maxWidth: 120 }).addTo(map);
    if (map.attributionControl) {
      map.attributionControl.setPrefix("Leaflet");
      if (cfg.attribution) {
        map.attributionControl.addAttribution(cfg.attribution);
      }
      compactCredit(map.attributionControl.getContainer());
    }
    map.on("popupopen", function (e) {
      /* the popup's scroll box can be reached and scrolled by keyboard */
      var c = e.popup.getElement().querySelector(".leaflet-popup-content");
      if (c) {
        c.setAttribute("tabindex", "0");
        c.setAttribute("role", "region");
        c.setAttribute("aria-label", "Details");
      }
    });
  }

  /* one line, expandable by click, tap or keyboard */
  function compactCredit(el) {
    el.classList.add("evm-credit-line");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-expanded", "false");
    el.setAttribute("aria-label", "Map credits (press to expand)");
    function toggle(e) {
      if (e.target && e.target.tagName === "A") {
        return;
      }
      var open = el.classList.toggle("evm-credit-open");
      el.setAttribute("aria-expanded", open ? "true" : "false");
    }
    L.DomEvent.disableClickPropagation(el);
    el.addEventListener("click", toggle);
    el.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        toggle(e);
      }
    });
  }

  function popup(layer, id, opts) {
    /* fit the popup to the map it opens in (a phone's 375 px, an embed's 480 px) */
    function fit() {
      var m = layer._map;
      var p = layer.getPopup();
      if (m && p) {
        var s = m.getSize();
        p.options.maxWidth = Math.max(150, Math.min(opts.maxWidth, s.x - 64));
        p.options.maxHeight = Math.max(120, Math.min(opts.maxHeight, s.y - 90));
      }
    }
    layer.on("click", fit);
    layer.on("evm:open", fit);
    layer.bindPopup(function () {
      return clone(id);
    }, L.extend({ autoPanPaddingTopLeft: L.point(48, 12), autoPanPaddingBottomRight: L.point(12, 24) }, opts));
  }

  function tooltip(layer, text, opts) {
    if (!opts.at) {
      layer.bindTooltip(t(text), opts);
      return;
    }
    /* a label anchored where the build placed it (a zone's visible part, or a callout beside it): shown
       while its layer is on the map */
    var o = L.extend({}, opts);
    delete o.at;
    var tip = L.tooltip(o).setLatLng(opts.at).setContent(t(text));
    layer.on("add", function () {
      tip.addTo(layer._map);
    });
    layer.on("remove", function () {
      tip.remove();
    });
    if (layer._map) {
      tip.addTo(layer._map);
    }
  }

  function arrows(parent, pts, colour, hollow, outlets) {
    var layer = L.layerGroup([], { evmOutlets: outlets || [] }).addTo(parent);
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

  /* polygons in the encoded polyline format (maps/encoding.py) */
  function decode(s, f) {
    var out = [];
    var lat = 0;
    var lon = 0;
    var i = 0;
    function next() {
      var b;
      var shift = 0;
      var v = 0;
      do {
        b = s.charCodeAt(i++) - 63;
        v |= (b & 31) << shift;
        shift += 5;
      } while (b >= 32 && i < s.length);
      return v & 1 ? ~(v >> 1) : v >> 1;
    }
    while (i < s.length) {
      lat += next();
      lon += next();
      out.push([lat / f, lon / f]);
    }
    return out;
  }

  function basemap(map, enc, style) {
    var g = L.featureGroup();
    enc.p.forEach(function (parts) {
      var rings = parts.map(function (poly) {
        return poly.map(function (r) { return decode(r, enc.f); });
      });
      if (rings.length) {
        var opts = L.extend({ pane: "evm-base", interactive: false }, style);
        /* a user's road or river layer: open lines, not filled areas */
        (style.evmLine ? L.polyline(rings, opts) : L.polygon(rings, opts)).addTo(g);
      }
    });
    return g.addTo(map);
  }

  function labels(map, items, dot) {
    var g = L.layerGroup();
    items.forEach(function (it) {
      var span = document.createElement("span");
      if (dot) {
        var d = document.createElement("i");
        d.className = "evm-town-dot";
        span.appendChild(d);
      }
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

  /* Place dots, legs and zones can be reached with Tab and opened with Enter or Space. */
  function keyboard(layer) {
    function arm() {
      var el = layer.getElement && layer.getElement();
      if (!el || el.getAttribute("tabindex")) {
        return;
      }
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", layer.options.evmName);
      el.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          layer.fire("evm:open");
          layer.openPopup();
        }
      });
    }
    layer.on("add", arm);
    arm();
  }

  /* Filters that filter: a place or leg stays on the map while at least one outlet that reported it is
     on; an outlet's rings show only with the places, its halos only with the routes. Where markers crowd
     (cfg.clusters, planned at build time per zoom step) one numbered marker stands for the places shown. */
  function filters(map, groups, spec) {
    var outlets = groups.outlets || [];
    var tagged = [];
    var rings = [];
    var bunch = L.layerGroup();
    [groups.routes, groups.places].forEach(function (g) {
      if (g) {
        g.eachLayer(function (l) {
          if (l.options && l.options.evmOutlets) {
            tagged.push([l, g]);
          }
        });
      }
    });
    outlets.forEach(function (g) {
      if (g) {
        g.eachLayer(function (l) {
          rings.push([l, g, l.options.evmKind === "halo" ? groups.routes : groups.places]);
        });
      }
    });
    function place(l, g, show) {
      if (show && !g.hasLayer(l)) {
        g.addLayer(l);
      } else if (!show && g.hasLayer(l)) {
        g.removeLayer(l);
      }
    }
    function level() {
      if (!spec) {
        return [];
      }
      var k = Math.floor(map.getZoom() - spec.zooms[0] + 1e-6);
      return k >= spec.levels.length ? [] : spec.levels[Math.max(0, k)];
    }
    function cluster(c, n) {
      var span = document.createElement("span");
      span.appendChild(t(String(n)));
      var name = n + " places here: zoom in to see them";
      var m = L.marker([c[0], c[1]], {
        icon: L.divIcon({ className: "evm-cluster", html: span, iconSize: [32, 32] }),
        title: name, alt: name, pane: "evm-clusters", riseOnHover: true
      });
      m.on("add", function () {
        var el = m.getElement();
        if (el && !el.getAttribute("aria-label")) {
          el.setAttribute("aria-label", name);
          el.setAttribute("role", "button");
          el.addEventListener("keydown", function (e) {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              m.fire("click");
            }
          });
        }
      });
      m.on("click", function () {
        var b = L.latLngBounds([c[3][0], c[3][1]], [c[3][2], c[3][3]]);
        var z = Math.max(map.getBoundsZoom(b.pad(0.2)), Math.floor(map.getZoom() + 1e-6) + 1);
        map.setView(b.getCenter(), Math.min(z, map.getMaxZoom()));
      });
      return m;
    }
    function update() {
      var clusters = level();
      var home = {};
      var shown = clusters.map(function () { return 0; });
      clusters.forEach(function (c, n) {
        c[2].forEach(function (i) { home[i] = n; });
      });
      function on(o) {
        return !o.length || o.some(function (j) {
          return !outlets[j] || map.hasLayer(outlets[j]);
        });
      }
      tagged.forEach(function (it) {
        var o = it[0].options;
        it[2] = on(o.evmOutlets);
        if (it[2] && o.evmKind === "place" && home[o.evmPlace] !== undefined) {
          shown[home[o.evmPlace]] += 1;
        }
      });
      function folded(o) {
        return o.evmPlace !== undefined && home[o.evmPlace] !== undefined && shown[home[o.evmPlace]] > 1;
      }
      tagged.forEach(function (it) {
        place(it[0], it[1], it[2] && !folded(it[0].options));
      });
      rings.forEach(function (it) {
        place(it[0], it[1], !!it[2] && map.hasLayer(it[2]) && !folded(it[0].options));
      });
      bunch.clearLayers();
      if (!groups.places || map.hasLayer(groups.places)) {
        clusters.forEach(function (c, n) {
          if (shown[n] > 1) {
            bunch.addLayer(cluster(c, shown[n]));
          }
        });
      }
    }
    bunch.addTo(map);
    map.on("overlayadd overlayremove zoomend", update);
    update();
    [groups.zones, groups.routes, groups.places].forEach(function (g) {
      if (g) {
        g.eachLayer(function (l) {
          if (l.options && l.options.evmName) {
            keyboard(l);
          }
        });
      }
    });
  }

  /* print lays the map out at the paper's width: without a refit Leaflet would crop the opening view;
     after printing the reader's own view comes back */
  function printFit(map, cfg) {
    var saved = null;
    function enter() {
      if (saved) {
        return;
      }
      var legend = document.getElementById(cfg.legend || "evm-legend");
      saved = { center: map.getCenter(), zoom: map.getZoom(), legend: legend, open: legend && legend.open };
      if (legend) {
        /* the key always prints, below the map rather than over it */
        legend.open = true;
        saved.parent = legend.parentNode;
        saved.next = legend.nextSibling;
        if (map.getContainer().contains(legend)) {
          map.getContainer().parentNode.insertBefore(legend, map.getContainer().nextSibling);
        }
      }
      map.closePopup();
      map.invalidateSize({ animate: false, pan: false });
      map.fitBounds(cfg.bounds, { padding: [4, 4], animate: false });
    }
    function leave() {
      if (!saved) {
        return;
      }
      map.invalidateSize({ animate: false, pan: false });
      map.setView(saved.center, saved.zoom, { animate: false });
      if (saved.legend) {
        saved.legend.open = saved.open;
        if (saved.parent && saved.legend.parentNode !== saved.parent) {
          saved.parent.insertBefore(saved.legend, saved.next);
        }
      }
      saved = null;
    }
    window.addEventListener("beforeprint", enter);
    window.addEventListener("afterprint", leave);
    if (window.matchMedia) {
      var mq = window.matchMedia("print");
      var change = function (e) {
        if (e.matches) {
          enter();
        } else {
          leave();
        }
      };
      if (mq.addEventListener) {
        mq.addEventListener("change", change);
      } else if (mq.addListener) {
        mq.addListener(change);
      }
    }
  }

  function finish(map, cfg, control, tiles, base, groups) {
    map.fitBounds(cfg.bounds, { padding: [8, 8] });
    if (cfg.limits) {
      /* the background covers cfg.limits: never show beyond it */
      map.setMaxBounds(cfg.limits);
      map.options.maxBoundsViscosity = 1.0;
      map.setMinZoom(Math.max(map.getMinZoom(), Math.ceil(map.getBoundsZoom(cfg.limits, true) * 4) / 4));
    }
    filters(map, groups || {}, cfg.clusters);
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
    printFit(map, cfg);
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
