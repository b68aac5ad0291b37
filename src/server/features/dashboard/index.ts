/** What other features may use from the rallier's dashboard. */
export { toMyDonation } from './queries';
export { findMyTeam } from './queries';
export { driverInvitationLink, sendCoDriverInvitation } from './send-invitations';
export { coDriverAddressChange, coDriverOwnData, driverOwnData, noCoDriver } from './team-views';
export { revokeInvitation, revokeInvitationNotTo } from './invitations';
export { recordSponsors } from './sponsor-recorders';
