export const controlRoomKeys = {
  room: ['/api/admin/control-room'],
  sentMessages: ['/api/admin/control-room/messages'],
  myStatus: ['/api/my-rally/status'],
  myMessages: ['/api/my-rally/messages'],
} as const;
