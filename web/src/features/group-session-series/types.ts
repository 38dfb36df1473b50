/** §3 Series, as GET /api/calendars/{id}/group-session-series[/{seriesId}] answers it. */
export interface SessionDate {
  date: string;
  time: string;
  /** Seconds. */
  duration: number;
}

export interface Series {
  id: number;
  calendarId: number;
  name: string;
  startDate: string;
  endDate: string;
  /** The registration deadline. */
  deadline: string;
  spots: number;
  spotsAvailable: number;
  registrationCount: number;
  sessionDates: SessionDate[];
}

export interface SeriesList {
  items: Series[];
}

/** One registration of a series (GET .../group-session-series/{seriesId}/registrations). */
export interface Registration {
  appointmentId: number;
  confirmationCode: string;
  clients: { firstName: string; lastName: string }[];
  phone: string;
  phoneAlt: string;
  email: string;
  spots: number;
  /** ISO instant. */
  registeredOn: string;
}

export interface RegistrationList {
  items: Registration[];
}

export interface SeriesAddress {
  calendarId: number;
  seriesId: number;
}
