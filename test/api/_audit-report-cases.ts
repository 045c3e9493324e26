/** The audit coverage cases of the scheduled reports (docs/adr/0219), beside the others in audit-coverage.api.test.ts. Not a test file. */
type Run = (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A report to a member the coverage workspace keeps throughout (its role changes, it stays). */
const newReport = async (setup: Run) =>
  (await setup('mutation { createAnalyticsReport(frequency: weekly, recipients: ["change@example.com"]) { id } }')).createAnalyticsReport.id as string;

export const REPORT_CASES: Record<string, { action: string; run(send: Run, setup: Run): Promise<string> }> = {
  createAnalyticsReport: { action: 'analytics_report.created', run: (send) => newReport(send) },
  updateAnalyticsReport: {
    action: 'analytics_report.updated',
    run: async (send, setup) =>
      (await send('mutation($id: ID!) { updateAnalyticsReport(id: $id, frequency: monthly) { id } }', { id: await newReport(setup) })).updateAnalyticsReport.id,
  },
  deleteAnalyticsReport: {
    action: 'analytics_report.deleted',
    run: async (send, setup) => {
      const id = await newReport(setup);
      await send('mutation($id: ID!) { deleteAnalyticsReport(id: $id) }', { id });
      return id;
    },
  },
  sendAnalyticsReport: {
    action: 'analytics_report.sent',
    run: async (send, setup) =>
      (await send('mutation($id: ID!) { sendAnalyticsReport(id: $id) { id } }', { id: await newReport(setup) })).sendAnalyticsReport.id,
  },
};
