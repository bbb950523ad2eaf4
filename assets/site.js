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
