// Turns bookings on through the API, so that /book (and the links to it) exist for a measurement.
export async function openBookings(baseUrl, token) {
  const hours = [['09:00', '12:00'], ['13:00', '17:00']];
  const response = await fetch(`${baseUrl}/api/booking/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      enabled: true,
      timeZone: 'America/New_York',
      lengthMinutes: 30,
      bufferMinutes: 15,
      noticeHours: 12,
      horizonDays: 30,
      weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: [], sun: [] },
      busyCalendars: [],
      location: 'Video call: link in the invitation',
    }),
  });
  if (!response.ok) throw new Error(`Turning bookings on failed: ${response.status} ${await response.text()}`);
}
