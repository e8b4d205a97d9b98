import { useEffect } from "react";

/**
 * Registers the offline service worker (SPEC §1) once the visitor has answered the consent
 * dialog — whatever the answer: it belongs to the required category, but before any answer
 * nothing is stored (decision 0021). When a new version takes over from an old one the page
 * reloads; registration failures are ignored.
 */
export function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    const workers = navigator.serviceWorker;
    // The first worker taking control of a fresh page is no new version.
    let controlled = workers.controller !== null;
    const onControllerChange = () => {
      if (controlled) window.location.reload();
      controlled = true;
    };
    workers.addEventListener("controllerchange", onControllerChange);

    let registered = false;
    const register = () => {
      if (registered) return;
      registered = true;
      workers.register("/sw.js", { scope: "/" }).catch(() => {
        // SPEC §1/§8: failures to register the offline worker are ignored.
      });
    };
    // A returning visitor's worker is registered already; registering again checks for updates.
    if (controlled) register();
    window.addEventListener("cc:onConsent", register);
    return () => {
      workers.removeEventListener("controllerchange", onControllerChange);
      window.removeEventListener("cc:onConsent", register);
    };
  }, []);
}
