// The static site's page script (added to index.html by `companion publish`; the server
// mode does not load it): register our service worker, ask the browser to keep the app's
// data (only a page may ask; the app reads the answer), and hand the worker the files this
// first open loaded before it took control, so that the next open needs no network.
(function () {
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(function () {});
  }
  if (!("serviceWorker" in navigator)) return; // plain http:// on a LAN address: no worker
  navigator.serviceWorker
    .register("sw.js", { updateViaCache: "none" })
    .catch(function (err) { console.warn("companion: no service worker", err); });
  function handOver() {
    navigator.serviceWorker.ready.then(function (registration) {
      var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; });
      urls.push(location.href.split("#")[0]);
      if (registration.active) registration.active.postMessage({ type: "cache", urls: urls });
    });
  }
  // Once the app is up, and again later for what its screens loaded since.
  window.addEventListener("load", function () {
    setTimeout(handOver, 5000);
    setTimeout(handOver, 30000);
  });
})();

// Start Python now, while Flutter loads. Flet's python.js starts its worker only when
// Flutter's engine is up and asks (jsConnect), so the two loads would run one after the
// other; here Pyodide, the app's package and its imports load beside Flutter, and
// jsConnect takes the worker already under way. The worker is Flet's own, given the
// message python.js would give it: only the moment changes. Anything unexpected (Flet's
// arguments not the empty ones of a published app, a new python.js) falls back to Flet's
// own path.
(function () {
  if (!window.flet || !flet.pyodide || typeof jsConnect !== "function") return;
  if (typeof _apps !== "object") return; // python.js's registry of workers: jsSend reads it
  var base = flet.entrypointBaseUrl || "/";
  var worker;
  try {
    worker = new Worker(base.replace(/\/$/, "") + "/python-worker.js", { type: "module" });
  } catch (err) {
    return;
  }
  var early = []; // what the worker says before Flutter is there to hear it
  var deliver = null;
  worker.onmessage = function (event) {
    if (deliver) deliver(event);
    else early.push(event);
  };
  worker.postMessage({
    pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
    args: {},
    documentUrl: document.URL,
    appPackageUrl: flet.appPackageUrl,
    micropipIncludePre: flet.micropipIncludePre,
    pythonModuleName: flet.pythonModuleName,
  });
  var fletConnect = jsConnect;
  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    var started = worker;
    worker = null; // one app per page: a second connect takes Flet's own path
    var plain = false;
    try {
      plain = JSON.stringify(args) === "{}";
    } catch (err) { }
    if (!started || !plain) {
      if (started) started.terminate();
      return fletConnect(appId, args, dartOnMessage);
    }
    console.log("Python worker started early: " + appId);
    var app = { dartOnMessage: dartOnMessage, worker: started };
    _apps[appId] = app;
    var error;
    var initialized = new Promise(function (resolve) {
      app.onPythonInitialized = resolve;
    });
    // python.js's own handling of the worker's messages.
    deliver = function (event) {
      if (typeof event.data === "string") {
        if (event.data != "initialized") error = event.data;
        app.onPythonInitialized();
      } else {
        app.dartOnMessage(event.data);
      }
    };
    early.splice(0).forEach(deliver);
    await initialized;
    if (error) {
      console.error("Python worker init error:", error);
      // Whatever went wrong, Python starts again from the site's own sources: the
      // compiled code kept by earlier opens (companion/bytecode/) is dropped and, if there
      // was any, the page opens again once.
      var dropped = window.caches && (await caches.delete("companion-bytecode").catch(function () { }));
      if (dropped && !sessionStorage.getItem("companion-recompiled")) {
        sessionStorage.setItem("companion-recompiled", "1");
        location.reload();
      }
      await jsDisconnect(appId);
      throw error;
    }
    console.log("Python worker initialized: " + appId);
  };
})();
