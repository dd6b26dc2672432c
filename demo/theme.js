// The demo site's dark mode: ?theme=dark in the address (site.css styles it; the elements follow
// the page's color-scheme). Run in <head> before the first paint, so nothing flashes light.
if (new URLSearchParams(location.search).get('theme') === 'dark') document.documentElement.dataset.theme = 'dark';
