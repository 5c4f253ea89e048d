"""mapdata"""
