import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('ICE_SERVERS and DEMO_CONSULTATION_TYPES', () => {
  it('default to no ICE servers and a video demo consultation', () => {
    const config = loadConfig({});
    expect(config.iceServers).toEqual([]);
    expect(config.demoConsultationTypes).toEqual(['video']);
  });

  it('take STUN and TURN servers as JSON', () => {
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' },
    ];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
    expect(loadConfig({ DEMO_CONSULTATION_TYPES: 'video, voice' }).demoConsultationTypes).toEqual(['video', 'voice']);
  });

  it('fail fast with one clear line per bad variable', () => {
    expect(() => loadConfig({ ICE_SERVERS: '{"urls":1}' })).toThrow(ConfigError);
    expect(() => loadConfig({ ICE_SERVERS: 'stun:x' })).toThrow(/ICE_SERVERS: must be a JSON array/);
    expect(() => loadConfig({ DEMO_CONSULTATION_TYPES: 'fax' })).toThrow(/DEMO_CONSULTATION_TYPES/);
  });
});
