# The proxy on workerd (the runtime under Cloudflare Workers), without wrangler:
#   npx esbuild proxy/worker.ts --bundle --platform=neutral --format=esm --outfile=worker.js
#   CONF_BASE_URL=… CONF_API_KEY=… CONF_ALLOWED_ORIGINS=… workerd serve workerd.capnp
# with this file beside worker.js. The settings come from the environment, so the key is in no file.
# The element bundle (/conf-widgets.js, /conf-widgets/<chunk>) comes from the "assets" directory
# below, the package's dist/, bound to the worker as ASSETS (workerd's stand-in for the assets
# binding of Cloudflare); the worker asks it for those paths only. Its path is relative to the
# directory workerd is started in; elsewhere, name it on the command line instead:
#   workerd serve workerd.capnp --directory-path assets=/srv/app/node_modules/conf-widgets/dist
# test/node/runtimes.test.ts runs exactly this against the sandbox, with the built dist/.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "proxy", worker = .proxyWorker),
    # The upstream. "private" and "local" let it reach a conference service on this host or
    # network (workerd refuses those addresses otherwise); keep "public" alone when it is not.
    (name = "upstream", network = (allow = ["public", "private", "local"], tlsOptions = (trustBrowserCas = true))),
    # Read-only; dotfiles stay hidden (workerd's default).
    (name = "assets", disk = (path = "node_modules/conf-widgets/dist", writable = false)),
  ],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "proxy")],
);

const proxyWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  # A recent date and no "nodejs_compat": the proxy needs no Node compatibility.
  compatibilityDate = "2026-11-01",
  bindings = [
    (name = "CONF_BASE_URL", fromEnvironment = "CONF_BASE_URL"),
    (name = "CONF_API_KEY", fromEnvironment = "CONF_API_KEY"),
    (name = "CONF_ALLOWED_ORIGINS", fromEnvironment = "CONF_ALLOWED_ORIGINS"),
    (name = "ASSETS", service = "assets"),
  ],
  globalOutbound = "upstream",
);
