import { describe, expect, it } from 'vitest';
import { contrastRatio, isHexColor, mixColors, readableFill } from './contrast';

// Colours practices pick: brand blues and greens, and the hard ones (yellow, orange, pastels, grey, black, white).
const BRANDS = ['#1c7ed6', '#0f766e', '#2f9e44', '#e03131', '#7048e8', '#ffd43b', '#f97316', '#a5d8ff'];
const EDGES = ['#777777', '#808080', '#000000', '#ffffff', '#1e3a8a'];

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each([...BRANDS, ...EDGES])('%s: text on the fill meets AA (4.5:1)', (color) => {
    const { fill, text } = readableFill(color);
    expect(contrastRatio(fill, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white text on a mid blue by darkening it a little, and black text on yellow in its own colour', () => {
    const blue = readableFill('#1C7ED6');
    expect(blue.text).toBe('#ffffff');
    expect(blue.fill).not.toBe('#1c7ed6');
    expect(contrastRatio(blue.fill, '#1c7ed6')).toBeLessThan(1.3);
    expect(readableFill('#0f766e')).toEqual({ fill: '#0f766e', text: '#ffffff' });
    expect(readableFill('#FFD43B')).toEqual({ fill: '#ffd43b', text: '#000000' });
  });

  it('mixes colours and recognises #rrggbb', () => {
    expect(mixColors('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(isHexColor('#A1b2C3')).toBe(true);
    for (const not of ['red', '#abc', '#abcdeg', '', null, undefined]) expect(isHexColor(not)).toBe(false);
  });
});
