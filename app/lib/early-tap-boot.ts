/**
 * Runs inline in <head> (bundled by vite-plugins/inline-script-plugin.ts): keeps a tap on a
 * scripted button made before the page's code runs (app/lib/early-tap.ts, decision 0259).
 */
import { keepEarlyTaps } from "./early-tap.ts";

keepEarlyTaps();
