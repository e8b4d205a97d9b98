import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "#server/db/client.server.ts";
import { openEmbeddedDatabase } from "#server/db/embedded-database.server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: string | undefined;
  }
}

/** Migrates one template database per run; each test file clones it. */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-test-"));
  const embedded = await openEmbeddedDatabase({ dataDir: "memory://" });
  await embedded.migrate();
  const dump = await embedded.server.dumpDataDir();
  await embedded.close();
  const templateFile = path.join(workDir, "template.tar");
  writeFileSync(templateFile, Buffer.from(dump));
  project.provide("pgliteTemplateFile", templateFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | undefined;
  if (adminUrl) {
    templateName = `clubkalender_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${templateName}"`);
    await admin.end();
    const template = await openPostgres(withDatabase(adminUrl, templateName));
    await template.migrate();
    await template.close();
  }
  project.provide("postgresTemplate", templateName);

  return async () => {
    rmSync(workDir, { recursive: true, force: true });
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}
