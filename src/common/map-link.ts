/** A place on OpenStreetMap's site, for an organiser to see where a team is (the control room, the SOS e-mail). */
export const mapLink = (lat: number, lng: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=14/${lat}/${lng}`;
