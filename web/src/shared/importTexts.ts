import type { ImportSummary } from '@hearth/contract/family-data';

/** Founding a family from an export (issue 53). */
export const importTexts = {
  title: 'Import a family',
  explained: 'Moving from another Hearth server? Upload the .zip its "Export family data" made: a new family is made '
    + 'from it with you as its admin. Members without an account are added as they were; members with an account are '
    + 'invited again by email.',
  fileLabel: 'Family export (.zip)',
  chooseFile: 'Choose the .zip file to import.',
  submit: 'Import the family',
  importing: 'Importing…',
  failed: 'The import failed. Please try again.',
  done: (name: string) => `${name} has been imported. You are its admin.`,
  summaryLabel: 'What was imported',
  summary: (s: ImportSummary) => [
    `${s.members} members, ${s.invited} invited again by email`,
    `${s.lists} lists with ${s.items} items and ${s.comments} comments; ${s.recurringItems} recurring items`,
    `${s.recipes} recipes`,
    `${s.calendarEvents} calendar events`,
    `${s.locations} places with ${s.locationNotes} notes`,
  ],
  open: 'Open the family',
} as const;
