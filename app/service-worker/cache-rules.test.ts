import { describe, expect, it } from "vitest";
import {
  isCacheableResponse,
  isListingApiPath,
  isPublicPagePath,
  pagePathOfDataRequest,
} from "./cache-rules.ts";

describe("the service worker's cache rules", () => {
  it("keeps public pages but not the user area, the event forms, mailed links or the API", () => {
    for (const path of [
      "/",
      "/club",
      "/party/nachtschicht/12",
      "/impressum",
      "/newsletter",
      "/offline",
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of [
      "/user",
      "/user/events",
      "/events/erstellen",
      "/newsletter/confirm-subscription",
      "/newsletter/unsubscribe",
      "/gemerkt/aenderungs-mails",
      "/api/events/",
      "/media/flyer.webp",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
    expect(isPublicPagePath("/usertreffen")).toBe(true);
  });

  it("maps React Router's data requests to their page", () => {
    expect(pagePathOfDataRequest("/_root.data")).toBe("/");
    expect(pagePathOfDataRequest("/club/kesselhaus/3.data")).toBe("/club/kesselhaus/3");
    expect(pagePathOfDataRequest("/club")).toBeNull();
  });

  it("treats the events and dates lists as the listing API", () => {
    expect(isListingApiPath("/api/events/")).toBe(true);
    expect(isListingApiPath("/api/dates/")).toBe(true);
    expect(isListingApiPath("/api/events/12/")).toBe(false);
    expect(isListingApiPath("/api/my-events/")).toBe(false);
  });

  it("never keeps an answer marked private or no-store, or a failure", () => {
    expect(isCacheableResponse(new Response("ok"))).toBe(true);
    expect(
      isCacheableResponse(
        new Response("ok", { headers: { "cache-control": "public, max-age=60" } }),
      ),
    ).toBe(true);
    expect(
      isCacheableResponse(
        new Response("ok", { headers: { "cache-control": "private, no-store" } }),
      ),
    ).toBe(false);
    expect(
      isCacheableResponse(new Response("ok", { headers: { "cache-control": "no-store" } })),
    ).toBe(false);
    expect(isCacheableResponse(new Response("gone", { status: 404 }))).toBe(false);
  });
});
