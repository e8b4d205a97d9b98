import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { pages } from "#server/db/schema/content.ts";
import { NotFoundError } from "#server/domain/errors.ts";
import { getFaq } from "./faq.server.ts";
import { demoSettings } from "#server/domain/settings/demo-settings.server.ts";
import { getPage } from "./pages.server.ts";

let ctx: TestContext;
let configured: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  configured = await createTestContext({
    config: {
      OPERATOR_NAME: "Nachtkultur Leipzig e. V.",
      OPERATOR_ADDRESS: "Musterstraße 1, 04109 Leipzig",
      OPERATOR_EMAIL: "hallo@nachtkultur.example",
      GOOGLE_TAG_MANAGER_ID: "GTM-ABC123",
      CLARITY_PROJECT_ID: "abcdef1234",
    },
  });
});

afterAll(async () => {
  await ctx.close();
  await configured.close();
});

describe("legal pages", () => {
  it("show the default texts when the pages table has none, with the demo operator", async () => {
    const notice = await getPage(ctx.deps, "impressum");
    expect(notice.title).toBe("Impressum");
    expect(notice.updatedAt).toBeNull();
    expect(notice.html).toContain(demoSettings.operatorName);
    expect(notice.html).toContain(demoSettings.operatorEmail);
    expect(notice.html).not.toContain("{{");
  });

  it("include the terms of use that registration links to, with the operator filled in", async () => {
    const terms = await getPage(ctx.deps, "nutzungsbedingungen");
    expect(terms.title).toBe("Nutzungsbedingungen");
    expect(terms.html).toContain("Dein Konto");
    expect(terms.html).toContain(demoSettings.operatorName);
    expect(terms.html).not.toContain("{{");
  });

  it("fill the operator's details from the configuration", async () => {
    const notice = await getPage(configured.deps, "impressum");
    expect(notice.html).toContain("Nachtkultur Leipzig e. V.");
    expect(notice.html).toContain("Musterstraße 1, 04109 Leipzig");
    expect(notice.html).toContain("hallo@nachtkultur.example");
    expect(notice.html).not.toContain("[Name des Betreibers]");
  });

  it("name in the privacy policy what the site processes: consent categories, accounts, newsletter, payments, server logs", async () => {
    const { html } = await getPage(ctx.deps, "datenschutzerklaerung");
    for (const topic of [
      "Server-Logfiles",
      "cookie_consent_settings",
      "Tracking",
      "Marketing",
      "Externe Medien",
      "YouTube",
      "SoundCloud",
      "Spotify",
      "Benutzerkonto",
      "Double-Opt-in",
      "Zahlungen",
      "Service Worker",
    ]) {
      expect(html, topic).toContain(topic);
    }
    expect(html).toContain("Derzeit setzen wir in dieser Kategorie keine Dienste ein.");
  });

  it("name the configured tracking services", async () => {
    const { html } = await getPage(configured.deps, "datenschutzerklaerung");
    expect(html).toContain("<strong>Google Analytics</strong>");
    expect(html).toContain("<strong>Microsoft Clarity</strong>");
  });
});

describe("edited pages", () => {
  it("come from the pages table, rendered and sanitised, without repeating the title", async () => {
    await ctx.deps.db.insert(pages).values({
      slug: "faq",
      title: "Häufige Fragen",
      body: '# Häufige Fragen\n\n## Was kostet das?\n\nNichts. <script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    const faq = await getPage(ctx.deps, "faq");
    expect(faq.html).toContain('<h2 id="was-kostet-das">Was kostet das?</h2>');
    expect(faq.html).not.toContain("<h1");
    expect(faq.html).not.toContain("<script");
    expect(faq.html).not.toContain("javascript:");
    expect(faq.updatedAt).toBeInstanceOf(Date);
  });

  it("are not found for an unknown slug", async () => {
    await expect(getPage(ctx.deps, "gibt-es-nicht")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the FAQ", () => {
  it("is split into questions with anchors and their answers", async () => {
    const faq = await getFaq(ctx.deps);
    expect(faq.title).toBe("Häufige Fragen");
    expect(faq.items).toEqual([
      {
        id: "was-kostet-das",
        question: "Was kostet das?",
        answerHtml: "<p>Nichts. <a>x</a></p>",
      },
    ]);
  });
});
