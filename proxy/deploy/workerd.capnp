# The proxy on workerd (the runtime under Cloudflare Workers), without wrangler:
#   npx esbuild proxy/worker.ts --bundle --platform=neutral --format=esm --outfile=worker.js
#   CONF_BASE_URL=… CONF_API_KEY=… CONF_ALLOWED_ORIGINS=… workerd serve workerd.capnp
# with this file beside worker.js. The settings come from the environment, so the key is in no file.
# test/node/runtimes.test.ts runs exactly this against the sandbox.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "proxy", worker = .proxyWorker),
    # The upstream. "private" and "local" let it reach a conference service on this host or
    # network (workerd refuses those addresses otherwise); keep "public" alone when it is not.
    (name = "upstream", network = (allow = ["public", "private", "local"], tlsOptions = (trustBrowserCas = true))),
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
  ],
  globalOutbound = "upstream",
);
