// The phone's offline copy of the pages it opened (issue 19). Network first:
// a page is always asked of the server, and a copy of the answer kept; only
// when the network fails is the kept copy of that same address shown, marked
// as a copy (the page's own script then says from when). The static files
// (hashed names, never changed) are kept as they are first fetched, so a
// copy has its styles and scripts. htmx requests, posts and everything else
// pass by untouched. Logging out, or another host signing in on this phone,
// empties the copies (static/js/app.js).
const PAGES = "pages-v1";
const STATIC = "static-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The admin and the account pages are nobody's board: never kept.
function neverKept(url) {
  return url.pathname.startsWith("/admin/") || url.pathname.startsWith("/accounts/");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.get("HX-Request")) return;
  const url = new URL(request.url);
  if (neverKept(url)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  } else if (url.origin === self.location.origin && isFile(url)) {
    event.respondWith(keptFirst(request));
  }
});

// The static files and the scripts' words (/words/<language>/<digest>.js):
// their addresses change with their content, so a kept one is never stale.
function isFile(url) {
  return url.pathname.startsWith("/static/") || url.pathname.startsWith("/words/");
}

// A page names its static files: keep those not kept yet. A page whose board
// htmx changed asks for its copy to be drawn again (static/js/app.js).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.refresh) event.waitUntil(refresh(data.refresh));
  else event.waitUntil(keepFiles(data.keep || []));
});

async function refresh(address) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin || neverKept(url)) return;
  try {
    await networkFirst(new Request(url.href, { credentials: "same-origin" }));
  } catch {
    // no connection now: the copy stays as it was
  }
}

async function keepFiles(addresses) {
  const files = await caches.open(STATIC);
  for (const address of addresses) {
    const url = new URL(address, self.location.origin);
    if (url.origin !== self.location.origin || !isFile(url)) continue;
    if (await files.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (response.ok) await files.put(url.href, response);
    } catch {
      // no connection now: kept the next time
    }
  }
}

async function keptFirst(request) {
  const kept = await caches.match(request, { cacheName: STATIC });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const files = await caches.open(STATIC);
    await files.put(request, response.clone());
  }
  return response;
}

// The kept pages are all in one language, the last page's: a page in
// another language (the host switched) empties the others, so an offline
// copy never shows the table's words in a language it left.
const LANGUAGE = "/language-of-kept-pages";

async function sameLanguage(pages, language) {
  const marker = await pages.match(LANGUAGE);
  const before = marker ? await marker.text() : language;
  if (before !== language) {
    for (const request of await pages.keys()) await pages.delete(request);
  }
  if (!marker || before !== language) await pages.put(LANGUAGE, new Response(language));
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
    if (response.ok && html && !response.redirected) {
      const copy = response.clone();
      const pages = await caches.open(PAGES);
      await sameLanguage(pages, response.headers.get("Content-Language") || "");
      await pages.put(request, copy);
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: PAGES });
    if (!kept) throw error; // nothing kept for this address: the browser's own page
    const text = (await kept.text()).replace('data-offline-copy="no"', 'data-offline-copy="yes"');
    return new Response(text, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}
