export const controlRoomKeys = {
  room: ['/api/admin/control-room'],
  sentMessages: ['/api/admin/control-room/messages'],
  myStatus: ['/api/my-rally-app/status'],
  myMessages: ['/api/my-rally-app/messages'],
} as const;
