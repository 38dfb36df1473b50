import { request } from './http';
import type { TestApp } from './app';

const addMinutes = (time: string, minutes: number) => {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = hours * 60 + mins + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
};

/** The first free 15-minute slot the seeded demo offers the public, locked through its service as the wizard does. */
export async function lockDemoSlot(app: TestApp): Promise<{ serviceId: number; token: string }> {
  const { baseUrl } = app;
  for (const service of (await request(baseUrl, 'GET', '/api/public/services?locale=en')).json.items) {
    const detail = (await request(baseUrl, 'GET', `/api/public/services/${service.id}?locale=en`)).json;
    for (const calendar of detail.calendars) {
      const dates = (
        await request(baseUrl, 'GET', `/api/public/services/${service.id}/calendar/${calendar.id}/dates?duration=900`)
      ).json.items;
      const slot = dates.find((date: { timeslots: unknown[] }) => date.timeslots.length > 0)?.timeslots[0];
      if (!slot) continue;
      const lock = await request(baseUrl, 'POST', '/api/public/locks', {
        calendarDateLaneId: slot.id,
        startTime: slot.time,
        endTime: addMinutes(slot.time, 15),
        serviceId: service.id,
      });
      if (lock.status !== 201) throw new Error(`the demo slot could not be locked: ${lock.status} ${lock.text}`);
      return { serviceId: service.id as number, token: lock.json.token as string };
    }
  }
  throw new Error('the demo offers no free slot');
}

/** The public booking form's payload for one client. */
export const demoBooking = (
  lockToken: string,
  serviceId: number,
  client: { firstName: string; lastName: string },
  email = 'ada@example.com',
) => ({
  lockToken,
  serviceId,
  clientData: [client],
  email,
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 2,
  sendConfirmationEmail: true,
  agreeValidInfo: true,
  agreePhone: true,
});
