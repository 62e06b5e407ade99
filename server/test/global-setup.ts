import type { TestProject } from 'vitest/node';
import { buildTemplates, dropTemplates } from './databases.ts';

export default async function setup(project: TestProject) {
  const templates = await buildTemplates(process.env.TEST_DATABASE_URL);
  project.provide('templates', templates);
  return () => dropTemplates(templates);
}
